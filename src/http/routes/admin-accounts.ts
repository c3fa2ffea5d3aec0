import { Router, type Request } from 'express';
import { ulid } from 'ulid';
import type { AppDeps } from '../app';
import { ApiError } from '../errors';
import { parseOrThrow } from '../validate';
import { BalanceAdjustmentBody, CompanyIdParam, CreateAccountBody, UpdateAccountBody } from '../schemas/admin';
import { adminAccountView, payinView } from '../views';
import { recordAudit } from '../../persistence/audit';
import { InsufficientFundsError } from '../../persistence/ledger';
import type { AccountDoc, PayinDoc } from '../../persistence/models';
import { generateKeyPair, hashSecret } from '../../security/credentials';
import { generateWebhookSecret } from '../../webhooks/signature';
import { SANDBOX_BANKS } from '../../acquirer/sandbox/banks';

export function adminAccountRoutes(deps: AppDeps): Router {
  const { models, ledger, config } = deps;
  const router = Router();
  const audit = (req: Request, action: string, id: string, before: unknown, after: unknown) =>
    recordAudit(models, { actor: req.adminActor ?? 'admin', action, target: { type: 'account', id }, before, after, requestId: String(req.id ?? '') || null });

  const loadAccount = async (req: Request): Promise<AccountDoc> => {
    const companyId = String(req.params.companyId);
    const account = CompanyIdParam.safeParse({ companyId }).success ? await models.Account.findById(companyId).lean<AccountDoc>() : null;
    if (!account) throw new ApiError('NOT_FOUND', `No account ${companyId}`);
    return account;
  };

  router.post('/admin/accounts', async (req, res) => {
    const body = parseOrThrow(CreateAccountBody, req.body);
    const companyId = `cmp_${ulid()}`;
    const created = await models.Account.create({
      _id: companyId,
      companyName: body.companyName,
      tradeName: body.tradeName ?? null,
      document: body.document,
      kycStatus: body.kycStatus ?? 'pending',
      payoutApproval: body.payoutApproval ?? 'automatic',
      cardEnabled: body.cardEnabled ?? false,
      openFinanceBanks: config.ACQUIRER === 'sandbox' ? SANDBOX_BANKS(config.ACQUIRER_URL) : [],
    });
    const view = adminAccountView(created.toObject() as AccountDoc);
    await audit(req, 'account.create', companyId, null, view);
    res.status(201).json(view);
  });

  router.get('/admin/accounts', async (req, res) => {
    const limit = Math.min(100, Math.max(1, Number(req.query.limit) || 50));
    const accounts = await models.Account.find({}).sort({ _id: -1 }).limit(limit).lean<AccountDoc[]>();
    res.json({ data: accounts.map((a) => adminAccountView(a)) });
  });

  router.get('/admin/accounts/:companyId', async (req, res) => {
    const account = await loadAccount(req);
    res.json(adminAccountView(account, await ledger.balance(account._id)));
  });

  router.patch('/admin/accounts/:companyId', async (req, res) => {
    const account = await loadAccount(req);
    const body = parseOrThrow(UpdateAccountBody, req.body);
    const set: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) {
      if (k === 'fees' || k === 'payoutLimits') {
        for (const [sub, subValue] of Object.entries(v as object)) set[`${k}.${sub}`] = subValue;
      } else {
        set[k] = v;
      }
    }
    await models.Account.updateOne({ _id: account._id }, { $set: set });
    const updated = (await models.Account.findById(account._id).lean<AccountDoc>())!;
    await audit(req, 'account.update', account._id, adminAccountView(account), adminAccountView(updated));
    res.json(adminAccountView(updated, await ledger.balance(account._id)));
  });

  router.post('/admin/accounts/:companyId/api-keys', async (req, res) => {
    const account = await loadAccount(req);
    const { publicKey, secretKey } = generateKeyPair();
    const id = `key_${ulid()}`;
    await models.ApiKey.create({ _id: id, companyId: account._id, publicKey, secretHash: hashSecret(secretKey, config.API_KEY_PEPPER), secretLast4: secretKey.slice(-4) });
    await audit(req, 'api_key.create', account._id, null, { id, publicKey, secretLast4: secretKey.slice(-4) });
    res.status(201).json({ id, publicKey, secretKey });
  });

  router.get('/admin/accounts/:companyId/api-keys', async (req, res) => {
    const account = await loadAccount(req);
    const keys = await models.ApiKey.find({ companyId: account._id }).sort({ _id: -1 }).lean();
    res.json({
      data: keys.map((k) => ({ id: k._id, publicKey: k.publicKey, secretLast4: k.secretLast4, createdAt: k.createdAt.toISOString(), revokedAt: k.revokedAt?.toISOString() ?? null })),
    });
  });

  router.delete('/admin/accounts/:companyId/api-keys/:keyId', async (req, res) => {
    const account = await loadAccount(req);
    const key = await models.ApiKey.findOne({ _id: req.params.keyId, companyId: account._id }).lean();
    if (!key) throw new ApiError('NOT_FOUND', `No API key ${req.params.keyId} on this account`);
    const revokedAt = key.revokedAt ?? new Date();
    await models.ApiKey.updateOne({ _id: key._id }, { $set: { revokedAt } });
    await audit(req, 'api_key.revoke', account._id, { id: key._id, revokedAt: key.revokedAt }, { id: key._id, revokedAt });
    res.json({ id: key._id, publicKey: key.publicKey, revokedAt: revokedAt.toISOString() });
  });

  router.post('/admin/accounts/:companyId/webhook-secret', async (req, res) => {
    const account = await loadAccount(req);
    const secret = generateWebhookSecret();
    const now = new Date();
    const previous = account.webhookSigning?.current ?? null;
    await models.Account.updateOne(
      { _id: account._id },
      { $set: { webhookSigning: { current: deps.secretBox.seal(secret), previous, rotatedAt: previous ? now : null } } },
    );
    await audit(req, previous ? 'webhook_secret.rotate' : 'webhook_secret.enable', account._id, { enabled: previous !== null }, { enabled: true, rotatedAt: previous ? now : null });
    res.status(201).json({ secret, rotated: previous !== null, previousValidUntil: previous ? new Date(now.getTime() + 24 * 3600 * 1000).toISOString() : null });
  });

  router.delete('/admin/accounts/:companyId/webhook-secret', async (req, res) => {
    const account = await loadAccount(req);
    await models.Account.updateOne({ _id: account._id }, { $set: { webhookSigning: null } });
    await audit(req, 'webhook_secret.disable', account._id, { enabled: account.webhookSigning !== null }, { enabled: false });
    res.json({ enabled: false });
  });

  router.post('/admin/accounts/:companyId/balance-adjustments', async (req, res) => {
    const account = await loadAccount(req);
    const body = parseOrThrow(BalanceAdjustmentBody, req.body);
    const id = `adj_${ulid()}`;
    try {
      const { entry, applied } = await ledger.append({
        accountId: account._id,
        idempotencyKey: body.idempotencyKey ? `adjustment:${account._id}:${body.idempotencyKey}` : `adjustment:${id}`,
        kind: body.amount > 0 ? 'adjustment_credit' : 'adjustment_debit',
        delta: { available: body.amount },
        ref: { type: 'adjustment', id },
        description: body.description,
        requireFunds: body.amount < 0,
      });
      if (applied) await audit(req, 'balance.adjust', account._id, { balance: entry.balance.available - body.amount }, { balance: entry.balance.available, amount: body.amount, description: body.description, entryId: entry._id });
      res.status(applied ? 201 : 200).json({ id: entry.ref?.id ?? id, entryId: entry._id, amount: entry.delta.available, description: entry.description, balance: entry.balance, createdAt: entry.createdAt.toISOString() });
    } catch (err) {
      if (err instanceof InsufficientFundsError) throw new ApiError('INSUFFICIENT_FUNDS', 'The debit exceeds the available balance', [{ field: 'amount', message: `available: ${err.balance.available}` }]);
      throw err;
    }
  });

  router.get('/admin/accounts/:companyId/ledger', async (req, res) => {
    const account = await loadAccount(req);
    const entries = await ledger.entries(account._id, { limit: Math.min(200, Number(req.query.limit) || 50) });
    res.json({
      data: entries.map((e) => ({ id: e._id, seq: e.seq, kind: e.kind, delta: e.delta, balance: e.balance, ref: e.ref, description: e.description, createdAt: e.createdAt.toISOString() })),
    });
  });

  router.get('/admin/payins', async (req, res) => {
    const filter: Record<string, unknown> = { status: { $ne: 'CREATING' } };
    if (typeof req.query.companyId === 'string') filter.companyId = req.query.companyId;
    const rows = await models.Payin.find(filter).sort({ createdAt: -1 }).limit(Math.min(200, Number(req.query.limit) || 50)).lean<PayinDoc[]>();
    res.json({
      data: rows.map((p) => ({ ...payinView(p), companyId: p.companyId, workflowUrl: `${config.TEMPORAL_UI_URL}/namespaces/${config.TEMPORAL_NAMESPACE}/workflows/${p._id}` })),
    });
  });

  router.get('/admin/audit-log', async (req, res) => {
    const filter = typeof req.query.targetId === 'string' ? { 'target.id': req.query.targetId } : {};
    const rows = await models.Audit.find(filter).sort({ _id: -1 }).limit(Math.min(200, Number(req.query.limit) || 50)).lean();
    res.json({ data: rows.map((r) => ({ id: r._id, actor: r.actor, action: r.action, target: r.target, before: r.before, after: r.after, at: r.at.toISOString() })) });
  });

  return router;
}
