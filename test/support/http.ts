import { testStack } from './stack';
import { validateResponse } from './openapi-validator';

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export async function http<T = any>(method: string, path: string, options: { headers?: Record<string, string>; body?: unknown; rawBody?: string; baseUrl?: string } = {}): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const url = `${options.baseUrl ?? testStack().apiUrl}${path}`;
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* keep text */
  }
  validateResponse(method, url, res.status, res.headers.get('content-type'), parsed);
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

export const admin = {
  headers: (): Record<string, string> => ({ authorization: `Bearer ${testStack().adminToken}`, 'x-admin-user': 'jest' }),
  get: <T = any>(path: string) => http<T>('GET', path, { headers: admin.headers() }),
  post: <T = any>(path: string, body?: unknown) => http<T>('POST', path, { headers: admin.headers(), body: body ?? {} }),
  patch: <T = any>(path: string, body: unknown) => http<T>('PATCH', path, { headers: admin.headers(), body }),
  delete: <T = any>(path: string) => http<T>('DELETE', path, { headers: admin.headers() }),
};

export interface Merchant {
  companyId: string;
  keyId: string;
  publicKey: string;
  secretKey: string;
  /** Authorization header value. */
  basic: string;
  get<T = any>(path: string, headers?: Record<string, string>): Promise<HttpResult<T>>;
  post<T = any>(path: string, body: unknown, headers?: Record<string, string>): Promise<HttpResult<T>>;
}

export const basicAuth = (pk: string, sk: string) => `Basic ${Buffer.from(`${pk}:${sk}`).toString('base64')}`;

/** A fresh merchant account with one API key; KYC approved unless stated. */
export async function createMerchant(
  options: { kycStatus?: string; payoutApproval?: 'automatic' | 'manual'; cardEnabled?: boolean; patch?: Record<string, unknown>; baseUrl?: string } = {},
): Promise<Merchant> {
  const account = await admin.post('/admin/accounts', {
    companyName: 'Loja Teste LTDA',
    tradeName: 'Loja Teste',
    document: '11222333000181',
    kycStatus: options.kycStatus ?? 'approved',
    payoutApproval: options.payoutApproval ?? 'automatic',
    cardEnabled: options.cardEnabled ?? false,
  });
  if (account.status !== 201) throw new Error(`account creation failed: ${account.status} ${account.text}`);
  const companyId = account.body.companyId as string;
  if (options.patch) {
    const patched = await admin.patch(`/admin/accounts/${companyId}`, options.patch);
    if (patched.status !== 200) throw new Error(`account patch failed: ${patched.status} ${patched.text}`);
  }
  const key = await admin.post(`/admin/accounts/${companyId}/api-keys`);
  if (key.status !== 201) throw new Error(`key creation failed: ${key.status} ${key.text}`);
  const basic = basicAuth(key.body.publicKey, key.body.secretKey);
  return {
    companyId,
    keyId: key.body.id,
    publicKey: key.body.publicKey,
    secretKey: key.body.secretKey,
    basic,
    get: (path, headers) => http('GET', path, { headers: { authorization: basic, ...headers }, baseUrl: options.baseUrl }),
    post: (path, body, headers) => http('POST', path, { headers: { authorization: basic, ...headers }, body, baseUrl: options.baseUrl }),
  };
}

/** Asserts the one documented error body. */
export function expectError(res: HttpResult, status: number, code: string): void {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(res.body).toEqual({ error: { code, message: expect.any(String), details: expect.any(Array) } });
}
