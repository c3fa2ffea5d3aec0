import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPrivateAddress, postWebhook } from '../../../src/webhooks/delivery';

describe('webhook destination safety', () => {
  test.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['8.8.8.8', false],
    ['::1', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['2001:4860:4860::8888', false],
  ])('%s private → %s', (ip, expected) => expect(isPrivateAddress(ip)).toBe(expected));

  let server: http.Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits++;
      if (req.url === '/redirect') return void res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
      if (req.url === '/big') return void res.end('x'.repeat(1024 * 1024));
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  test('loopback and private destinations are refused unless allowed, by literal and by resolved name', async () => {
    const before = hits;
    const literal = await postWebhook(`http://127.0.0.1:${port}/`, '{}', {}, { timeoutMs: 2000, allowPrivateNetworks: false });
    expect(literal).toMatchObject({ httpStatus: null, error: expect.stringMatching(/private network/) });
    const named = await postWebhook(`http://localhost:${port}/`, '{}', {}, { timeoutMs: 2000, allowPrivateNetworks: false });
    expect(named).toMatchObject({ httpStatus: null, error: expect.stringMatching(/private network/) });
    expect(hits).toBe(before);
    const allowed = await postWebhook(`http://127.0.0.1:${port}/`, '{}', {}, { timeoutMs: 2000, allowPrivateNetworks: true });
    expect(allowed.httpStatus).toBe(200);
  });

  test('redirects are not followed (a 3xx is a failed attempt) and large bodies are cut', async () => {
    expect((await postWebhook(`http://127.0.0.1:${port}/redirect`, '{}', {}, { timeoutMs: 2000, allowPrivateNetworks: true })).httpStatus).toBe(302);
    expect((await postWebhook(`http://127.0.0.1:${port}/big`, '{}', {}, { timeoutMs: 2000, allowPrivateNetworks: true })).httpStatus).toBe(200);
  });
});
