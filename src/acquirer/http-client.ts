import { AcquirerRejection, AcquirerUnavailable, type Acquirer, type CardForCharge, type CardToken, type ChargeResult, type CreateChargeRequest, type PixKeyLookup, type TransferRequest, type TransferResult } from './types';

/**
 * The Acquirer interface over HTTP (the sandbox acquirer speaks this protocol). One attempt per call:
 * retries belong to the Temporal activity that calls it, with the same idempotency key each time.
 */
export class HttpAcquirer implements Acquirer {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    /** Metrics hook: operation, outcome (ok | rejected | unavailable) and seconds of each call. */
    private readonly observe?: (operation: string, outcome: string, seconds: number) => void,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<{ status: number; body: T }> {
    const started = performance.now();
    const operation = `${method} ${path.split('/').slice(0, 2).join('/')}`;
    try {
      const res = await this.send<T>(method, path, body, idempotencyKey);
      this.observe?.(operation, res.status >= 400 ? 'rejected' : 'ok', (performance.now() - started) / 1000);
      return res;
    } catch (err) {
      this.observe?.(operation, 'unavailable', (performance.now() - started) / 1000);
      throw err;
    }
  }

  private async send<T>(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<{ status: number; body: T }> {
    let res: globalThis.Response;
    try {
      res = await fetch(`${this.baseUrl}/v1${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new AcquirerUnavailable(`acquirer unreachable: ${(err as Error).name === 'TimeoutError' ? `timed out after ${this.timeoutMs} ms` : (err as Error).message}`);
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      throw new AcquirerUnavailable(`acquirer answered ${res.status} with a non-JSON body`);
    }
    if (res.status >= 500 || res.status === 429) {
      throw new AcquirerUnavailable(`acquirer answered ${res.status}: ${(parsed as { error?: { code?: string } })?.error?.code ?? 'error'}`);
    }
    return { status: res.status, body: parsed as T };
  }

  private static rejection(body: unknown, fallback: string): AcquirerRejection {
    const err = (body as { error?: { code?: string; message?: string } })?.error;
    return new AcquirerRejection(err?.code ?? fallback, err?.message ?? fallback);
  }

  async createCharge(req: CreateChargeRequest, idempotencyKey: string): Promise<ChargeResult> {
    const { status, body } = await this.call<Record<string, any>>('POST', '/charges', req, idempotencyKey);
    if (status >= 400) throw HttpAcquirer.rejection(body, 'CHARGE_REJECTED');
    return {
      externalId: body.id,
      status: body.status,
      ...(body.pix ? { pix: body.pix } : {}),
      ...(body.boleto ? { boleto: body.boleto } : {}),
      ...(body.openFinance ? { openFinance: body.openFinance } : {}),
      ...(body.threeDS ? { threeDS: body.threeDS } : {}),
    };
  }

  async tokenizeCard(card: CardForCharge, idempotencyKey: string): Promise<CardToken> {
    const { status, body } = await this.call<CardToken>('POST', '/tokens', { card }, idempotencyKey);
    if (status >= 400) throw HttpAcquirer.rejection(body, 'INVALID_CARD');
    return body;
  }

  async getCardToken(token: string): Promise<CardToken | null> {
    const { status, body } = await this.call<CardToken>('GET', `/tokens/${encodeURIComponent(token)}`);
    if (status === 404) return null;
    if (status >= 400) throw HttpAcquirer.rejection(body, 'INVALID_CARD');
    return body;
  }

  async refundCharge(externalId: string, amount: number, idempotencyKey: string): Promise<{ refundId: string }> {
    const { status, body } = await this.call<{ refundId: string }>('POST', `/charges/${encodeURIComponent(externalId)}/refunds`, { amount }, idempotencyKey);
    if (status >= 400) throw HttpAcquirer.rejection(body, 'REFUND_REJECTED');
    return body;
  }

  async createTransfer(req: TransferRequest, idempotencyKey: string): Promise<TransferResult> {
    const { status, body } = await this.call<{ id: string; status: TransferResult['status'] }>('POST', '/transfers', req, idempotencyKey);
    if (status >= 400) throw HttpAcquirer.rejection(body, 'PROVIDER_REJECTED');
    return { externalId: body.id, status: body.status };
  }

  async lookupPixKey(type: string, key: string): Promise<PixKeyLookup> {
    const { status, body } = await this.call<PixKeyLookup>('GET', `/dict/keys/${encodeURIComponent(type)}/${encodeURIComponent(key)}`);
    if (status === 404) return { found: false };
    if (status >= 400) throw HttpAcquirer.rejection(body, 'DICT_LOOKUP_FAILED');
    return { found: true, ownerName: body.ownerName, bank: body.bank };
  }

  async simulate(kind: 'charge' | 'transfer', externalId: string, event: string, extra: Record<string, unknown> = {}): Promise<void> {
    const { status, body } = await this.call('POST', `/${kind === 'charge' ? 'charges' : 'transfers'}/${encodeURIComponent(externalId)}/simulate`, { event, ...extra });
    if (status >= 400) throw HttpAcquirer.rejection(body, 'SIMULATION_REJECTED');
  }
}
