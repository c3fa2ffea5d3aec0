export interface WebhookEventInput {
  /** The X-Webhook-Id: unique per event, identical across retries and resends. */
  eventId: string;
  companyId: string;
  transactionId: string;
  transactionType: 'payin' | 'payout';
  /** `payin.approved`, `payout.completed`, … */
  type: string;
  url: string;
  /** The exact body sent on every attempt. */
  body: string;
  /** Waits between attempts: after the 1st failure, after the 2nd… (spec default [1000, 2000]). */
  retryDelaysMs: number[];
}

export interface WebhookDeliveryResult {
  eventId: string;
  delivered: boolean;
  attempts: number;
}
