import type { z } from 'zod';
import type { createPayinBody } from '../http/schemas/payin';
import type { createPayoutBody, ListPayoutsQuery } from '../http/schemas/payout';
import type * as R from '../http/schemas/responses';
import type { ErrorBody } from '../http/schemas/responses';

export { verifyWebhookSignature } from '../webhooks/signature';

/**
 * A typed client for merchants. Its request and response types come from the same zod schemas that validate
 * requests and generate the OpenAPI document, so it cannot drift from either; the integration tests use it.
 */
export type CreatePayinRequest = z.input<ReturnType<typeof createPayinBody>>;
export type CreatePayoutRequest = z.input<ReturnType<typeof createPayoutBody>>;
export type ListPayoutsRequest = Partial<z.input<typeof ListPayoutsQuery>>;
export type PayinCreation = z.infer<typeof R.PayinCreation>;
export type Payin = z.infer<typeof R.Payin>;
export type Payout = z.infer<typeof R.Payout>;
export type PayoutList = z.infer<typeof R.PayoutList>;
export type Whoami = z.infer<typeof R.WhoamiResponse>;
export type Banks = z.infer<typeof R.Banks>;
export type ApiErrorBody = z.infer<typeof ErrorBody>;

export class PagoBRError extends Error {
  constructor(readonly status: number, readonly body: ApiErrorBody) {
    super(`${status} ${body.error.code}: ${body.error.message}`);
    this.name = 'PagoBRError';
  }
  get code(): string {
    return this.body.error.code;
  }
}

export interface ClientOptions {
  baseUrl: string;
  publicKey: string;
  secretKey: string;
  /** Called with every response (tests validate them against the OpenAPI document). */
  onResponse?: (info: { method: string; url: string; status: number; contentType: string | null; body: unknown }) => void;
  fetch?: typeof fetch;
}

export class PagoBRClient {
  private readonly auth: string;
  constructor(private readonly options: ClientOptions) {
    this.auth = `Basic ${Buffer.from(`${options.publicKey}:${options.secretKey}`).toString('base64')}`;
  }

  private async request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const url = `${this.options.baseUrl}${path}`;
    const res = await (this.options.fetch ?? fetch)(url, {
      method,
      headers: { authorization: this.auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const parsed: unknown = text ? JSON.parse(text) : null;
    this.options.onResponse?.({ method, url, status: res.status, contentType: res.headers.get('content-type'), body: parsed });
    if (!res.ok) throw new PagoBRError(res.status, parsed as ApiErrorBody);
    return parsed as T;
  }

  whoami(): Promise<Whoami> {
    return this.request('GET', '/whoami');
  }
  createPayin(body: CreatePayinRequest, options: { idempotencyKey?: string } = {}): Promise<PayinCreation> {
    return this.request('POST', '/payin', body, options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {});
  }
  getPayin(id: string): Promise<Payin> {
    return this.request('GET', `/payin/${encodeURIComponent(id)}`);
  }
  openFinanceBanks(): Promise<Banks> {
    return this.request('GET', '/payin/open-finance/banks');
  }
  createPayout(body: CreatePayoutRequest, options: { idempotencyKey?: string } = {}): Promise<Payout> {
    return this.request('POST', '/payout', body, options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {});
  }
  getPayout(id: string): Promise<Payout> {
    return this.request('GET', `/payout/${encodeURIComponent(id)}`);
  }
  listPayouts(query: ListPayoutsRequest = {}): Promise<PayoutList> {
    const qs = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
    return this.request('GET', `/payout${qs ? `?${qs}` : ''}`);
  }
  simulatePayin(id: string, event: 'pay' | 'expire' | 'fail' | 'cancel' | 'chargeback' | 'med' | 'refund'): Promise<{ id: string; event: string; status: string }> {
    return this.request('POST', `/sandbox/payins/${encodeURIComponent(id)}/simulate`, { event });
  }
}
