import { Router } from 'express';
import { ulid } from 'ulid';
import type { AppDeps } from '../app';
import { ApiError } from '../errors';
import { authContext } from '../middleware/auth';
import { parseOrThrow } from '../validate';
import { withIdempotency } from '../idempotency';
import { createPayoutBody, ListPayoutsQuery, PayoutIdParam, RejectPayoutBody, SimulatePayoutBody } from '../schemas/payout';
import { computeFee } from '../../domain/account';
import { PAYOUT_STATUSES, payoutLimitAt } from '../../domain/payout';
import { findOwned } from '../../persistence/by-id';
import { payoutListQuery } from '../../persistence/payout-list';
import { startPayout, sendApproval } from '../../temporal/payouts';
import type { PayoutDoc } from '../../persistence/models';
import { recordAudit } from '../../persistence/audit';
import { HttpAcquirer } from '../../acquirer/http-client';
import { AcquirerRejection } from '../../acquirer/types';
import { payoutRecord } from '../../../activities/payouts';

/** List elements: the record without bankReceipt (spec 2.2 / 4.6). */
const listElement = (p: PayoutDoc) => {
  const { bankReceipt: _omit, ...rest } = payoutRecord(p);
  return rest;
};
const fullRecord = (p: PayoutDoc) => ({ ...payoutRecord(p), bankReceipt: p.bankReceipt, statusReason: p.statusReason });

export function payoutRoutes(deps: AppDeps): Router {
  const { config, models, temporal } = deps;
  const router = Router();
  const bodySchema = createPayoutBody({ requireHttpsWebhooks: config.NODE_ENV === 'production' });
  const acquirer = new HttpAcquirer(config.ACQUIRER_URL, config.ACQUIRER_TIMEOUT_MS);

  router.post('/payout', async (req, res) => {
    const { account } = authContext(req);
    const body = parseOrThrow(bodySchema, req.body);
    const limit = payoutLimitAt(Date.now(), account.payoutLimits);
    if (body.amount > limit.maxCentavos) {
      throw new ApiError('BEYOND_LIMITS', `The amount exceeds the ${limit.nighttime ? 'night-time (20:00–06:00)' : 'daytime'} limit of ${limit.maxCentavos} centavos`, [
        { field: 'amount', message: 'beyond limits', limit: limit.maxCentavos, window: limit.nighttime ? 'nighttime' : 'daytime' },
      ]);
    }
    const result = await withIdempotency(
      models,
      { companyId: account._id, scope: 'payout', key: req.header('idempotency-key'), body, newResourceId: () => `payout_${ulid()}` },
      async (payoutId) => ({
        status: 201,
        body: await startPayout(temporal, config.TEMPORAL_TASK_QUEUE, {
          payoutId,
          companyId: account._id,
          referenceId: body.referenceId,
          amount: body.amount,
          feeAmount: computeFee(body.amount, account.fees.payout),
          pixKey: body.pixKey,
          pixKeyType: body.pixKeyType,
          beneficiaryName: body.beneficiaryName ?? null,
          beneficiaryDocument: body.beneficiaryDocument ?? null,
          webhookUrl: body.webhookUrl ?? null,
          approval: account.payoutApproval,
          approvalTimeoutSeconds: account.payoutApprovalTimeoutSeconds ?? config.PAYOUT_APPROVAL_TIMEOUT_SECONDS,
          merchantName: account.tradeName ?? account.companyName,
          webhook: { retryDelaysMs: config.WEBHOOK_RETRY_DELAYS_MS },
          createdAt: new Date().toISOString(),
        }),
      }),
    );
    if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(result.status).json(result.body);
  });

  router.get('/payout', async (req, res) => {
    const { account } = authContext(req);
    const q = parseOrThrow(ListPayoutsQuery, req.query, 'query');
    const { filter, sort } = payoutListQuery(account._id, q);
    const [total, rows] = await Promise.all([
      models.Payout.countDocuments(filter),
      models.Payout.find(filter).sort(sort).skip((q.page - 1) * q.limit).limit(q.limit).lean<PayoutDoc[]>(),
    ]);
    res.json({ data: rows.map(listElement), meta: { total, page: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit) } });
  });

  const loadOwn = async (companyId: string, id: string): Promise<PayoutDoc> => {
    const p = PayoutIdParam.safeParse(id).success ? await findOwned(models.Payout, id, companyId) : null;
    if (!p || p.status === 'CREATING') throw new ApiError('NOT_FOUND', `No payout ${id}`);
    return p;
  };

  router.get('/payout/:id', async (req, res) => {
    res.json(fullRecord(await loadOwn(authContext(req).account._id, String(req.params.id))));
  });

  router.post('/sandbox/payouts/:id/simulate', async (req, res) => {
    if (config.ACQUIRER !== 'sandbox') throw new ApiError('SANDBOX_ONLY', 'Simulation is only available with the sandbox acquirer');
    const p = await loadOwn(authContext(req).account._id, String(req.params.id));
    const body = parseOrThrow(SimulatePayoutBody, req.body);
    if (!p.externalId || p.status !== 'COMPLETED') throw new ApiError('INVALID_STATE', `Only a COMPLETED payout can be refunded (this one is ${p.status})`);
    try {
      await acquirer.simulate('transfer', p.externalId, body.event);
    } catch (err) {
      if (err instanceof AcquirerRejection) throw new ApiError('INVALID_STATE', err.message);
      throw err;
    }
    res.status(202).json({ id: p._id, event: body.event, status: p.status });
  });

  return router;
}

/** Approvers: the decision is a signal to the payout's workflow; the audit log records who decided. */
export function adminPayoutRoutes(deps: AppDeps): Router {
  const { models, temporal } = deps;
  const router = Router();

  const awaiting = async (id: string): Promise<PayoutDoc> => {
    const p = PayoutIdParam.safeParse(id).success ? await models.Payout.findById(id).lean<PayoutDoc>() : null;
    if (!p || p.status === 'CREATING') throw new ApiError('NOT_FOUND', `No payout ${id}`);
    if (p.status !== 'AWAITING_APPROVAL') throw new ApiError('INVALID_STATE', `Payout ${id} is ${p.status}, not AWAITING_APPROVAL`);
    return p;
  };

  router.get('/admin/payouts', async (req, res) => {
    const status = typeof req.query.status === 'string' ? req.query.status : undefined;
    if (status && !(PAYOUT_STATUSES as readonly string[]).includes(status)) throw new ApiError('INVALID_DATA', `Unknown status ${status}`);
    const filter: Record<string, unknown> = { status: status ?? { $in: PAYOUT_STATUSES } };
    if (typeof req.query.companyId === 'string') filter.companyId = req.query.companyId;
    const rows = await models.Payout.find(filter).sort({ createdAt: -1 }).limit(Math.min(200, Number(req.query.limit) || 50)).lean<PayoutDoc[]>();
    res.json({ data: rows.map((p) => ({ ...fullRecord(p), companyId: p.companyId, approvedBy: p.approvedBy, workflowUrl: `${deps.config.TEMPORAL_UI_URL}/namespaces/${deps.config.TEMPORAL_NAMESPACE}/workflows/${p._id}` })) });
  });

  router.post('/admin/payouts/:id/approve', async (req, res) => {
    const p = await awaiting(String(req.params.id));
    const actor = req.adminActor ?? 'admin';
    await sendApproval(temporal, p._id, { approved: true, actor });
    await recordAudit(models, { actor, action: 'payout.approve', target: { type: 'payout', id: p._id }, before: { status: p.status }, after: { decision: 'approved' }, requestId: String(req.id ?? '') || null });
    res.status(202).json({ id: p._id, decision: 'approved', status: p.status });
  });

  router.post('/admin/payouts/:id/reject', async (req, res) => {
    const p = await awaiting(String(req.params.id));
    const body = parseOrThrow(RejectPayoutBody, req.body ?? {});
    const actor = req.adminActor ?? 'admin';
    await sendApproval(temporal, p._id, { approved: false, actor, reason: body.reason });
    await recordAudit(models, { actor, action: 'payout.reject', target: { type: 'payout', id: p._id }, before: { status: p.status }, after: { decision: 'rejected', reason: body.reason }, requestId: String(req.id ?? '') || null });
    res.status(202).json({ id: p._id, decision: 'rejected', status: p.status });
  });

  return router;
}
