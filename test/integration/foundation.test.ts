import { Client, Connection } from '@temporalio/client';
import mongoose from 'mongoose';
import { ulid } from 'ulid';
import { testStack } from '../support/stack';

describe('foundation: real Temporal, real MongoDB wire server, real HTTP', () => {
  const stack = testStack();
  let client: Client;

  beforeAll(async () => {
    const connection = await Connection.connect({ address: stack.temporalAddress });
    client = new Client({ connection });
  });
  afterAll(async () => {
    await client.connection.close();
  });

  test('a workflow on the dev server runs an activity that writes through Mongoose and reads it back', async () => {
    const probeId = `probe_${ulid()}`;
    const result = await client.workflow.execute('probeWorkflow', {
      taskQueue: stack.env.TEMPORAL_TASK_QUEUE ?? 'payments',
      workflowId: probeId,
      args: [{ probeId, note: 'written by an activity' }],
    });
    expect(result).toMatchObject({ probeId, note: 'written by an activity' });

    const conn = await mongoose.createConnection(stack.mongoUri).asPromise();
    try {
      const doc = await conn.db!.collection('diagnostics_probes').findOne({ _id: probeId as never });
      expect(doc).toMatchObject({ note: 'written by an activity' });
      expect(new Date(result.writtenAt).getTime()).toBe((doc!.writtenAt as Date).getTime());
    } finally {
      await conn.close();
    }
  });

  test('GET /health and GET /ready answer 200', async () => {
    const health = await fetch(`${stack.apiUrl}/health`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${stack.apiUrl}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { mongodb: 'ok', temporal: 'ok' } });
    expect(ready.headers.get('x-request-id')).toMatch(/^\w+$/);
  });

  test('unknown routes and malformed JSON answer the documented error body, never HTML', async () => {
    const notFound = await fetch(`${stack.apiUrl}/no-such-route`);
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('content-type')).toMatch(/application\/json/);
    expect(await notFound.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String), details: [] } });

    const malformed = await fetch(`${stack.apiUrl}/health`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: { code: 'INVALID_DATA' } });

    const tooLarge = await fetch(`${stack.apiUrl}/health`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ s: 'x'.repeat(1024 * 1024 + 10) }) });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  });
});
