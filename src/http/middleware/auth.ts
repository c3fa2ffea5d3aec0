import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { Models, AccountDoc, ApiKeyDoc } from '../../persistence/models';
import { hashSecret, isPublicKeyFormat, isSecretKeyFormat, safeEqual } from '../../security/credentials';
import { transactBlockReason } from '../../domain/account';
import { ApiError } from '../errors';

export interface AuthContext {
  scope: 'company' | 'public';
  account: AccountDoc;
  apiKeyId: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthContext;
  }
}

type Parsed =
  | { kind: 'none' }
  | { kind: 'malformed'; why: string }
  | { kind: 'secret'; publicKey: string; secretKey: string }
  | { kind: 'public'; publicKey: string };

const header = (req: Request, name: string): string | undefined => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};

export function parseCredentials(req: Request, allowWhoamiStyles: boolean): Parsed {
  const authorization = header(req, 'authorization');
  if (authorization !== undefined) {
    const m = /^Basic ([A-Za-z0-9+/=_-]+)$/i.exec(authorization.trim());
    if (!m) return { kind: 'malformed', why: 'Authorization must be "Basic base64(publicKey:secretKey)"' };
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const sep = decoded.indexOf(':');
    const publicKey = sep >= 0 ? decoded.slice(0, sep) : decoded;
    const secretKey = sep >= 0 ? decoded.slice(sep + 1) : '';
    if (!isPublicKeyFormat(publicKey) || !isSecretKeyFormat(secretKey)) {
      return { kind: 'malformed', why: 'Basic credentials must be pk_live_…:sk_live_…' };
    }
    return { kind: 'secret', publicKey, secretKey };
  }
  if (!allowWhoamiStyles) return { kind: 'none' };
  const apiKey = header(req, 'x-api-key');
  const apiSecret = header(req, 'x-api-secret');
  if (apiKey !== undefined || apiSecret !== undefined) {
    if (!apiKey || !apiSecret || !isPublicKeyFormat(apiKey) || !isSecretKeyFormat(apiSecret)) {
      return { kind: 'malformed', why: 'x-api-key must be a pk_live_ key and x-api-secret an sk_live_ key' };
    }
    return { kind: 'secret', publicKey: apiKey, secretKey: apiSecret };
  }
  const publicOnly = header(req, 'x-public-key');
  if (publicOnly !== undefined) {
    if (!isPublicKeyFormat(publicOnly)) return { kind: 'malformed', why: 'x-public-key must be a pk_live_ key' };
    return { kind: 'public', publicKey: publicOnly };
  }
  return { kind: 'none' };
}

const invalid = () => new ApiError('INVALID_CREDENTIALS', 'The credential is invalid, revoked or inactive');

/** The parts of a credential that never change after it is issued. */
interface IssuedKey {
  keyId: string;
  companyId: string;
  secretHash: string;
}

export interface AuthDeps {
  models: Pick<Models, 'ApiKey' | 'Account'>;
  pepper: string;
  keyCacheTtlMs?: number;
}

/** The credential settings of an app's dependencies: every route that authenticates passes these. */
export const authDeps = (deps: { models: Pick<Models, 'ApiKey' | 'Account'>; config: { API_KEY_PEPPER: string; API_KEY_CACHE_TTL_MS: number } }): AuthDeps => ({
  models: deps.models,
  pepper: deps.config.API_KEY_PEPPER,
  keyCacheTtlMs: deps.config.API_KEY_CACHE_TTL_MS,
});

// One cache per store (per app), shared by every route that authenticates, so a key is looked up once.
const issuedKeyCaches = new WeakMap<object, LRUCache<string, IssuedKey>>();
function issuedKeyCache(deps: AuthDeps): LRUCache<string, IssuedKey> | null {
  const ttl = deps.keyCacheTtlMs ?? 0;
  if (ttl <= 0) return null;
  let cache = issuedKeyCaches.get(deps.models.ApiKey);
  if (!cache) issuedKeyCaches.set(deps.models.ApiKey, (cache = new LRUCache<string, IssuedKey>({ max: 10_000, ttl })));
  return cache;
}

/**
 * Authenticates the caller. `whoami` accepts the three credential styles and answers 400 for a missing or
 * malformed credential; every other route takes Basic only and answers 401.
 *
 * The lookup of a public key (a query on a secondary field) is cached for `keyCacheTtlMs`, but only what
 * cannot change: the key's id, its account and its secret hash. Revocation and the account (KYC, block,
 * fees, limits) are read on every request, by primary key and in parallel, so a revocation or a block
 * takes effect on the next request on every API instance. Unknown keys are never cached.
 */
export function authenticate(deps: AuthDeps, options: { whoami?: boolean } = {}): RequestHandler {
  const issued = issuedKeyCache(deps);

  const lookup = async (publicKey: string): Promise<{ key: IssuedKey; account: AccountDoc | null } | null> => {
    const cached = issued?.get(publicKey);
    if (cached) {
      const [state, account] = await Promise.all([
        deps.models.ApiKey.findById(cached.keyId, { revokedAt: 1 }).lean<Pick<ApiKeyDoc, 'revokedAt'>>(),
        deps.models.Account.findById(cached.companyId).lean<AccountDoc>(),
      ]);
      return state && !state.revokedAt ? { key: cached, account } : null;
    }
    const doc = await deps.models.ApiKey.findOne({ publicKey }).lean<ApiKeyDoc>();
    if (!doc || doc.revokedAt) return null;
    const key: IssuedKey = { keyId: doc._id, companyId: doc.companyId, secretHash: doc.secretHash };
    issued?.set(publicKey, key);
    return { key, account: await deps.models.Account.findById(key.companyId).lean<AccountDoc>() };
  };

  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const parsed = parseCredentials(req, options.whoami === true);
      if (parsed.kind === 'none') {
        throw options.whoami
          ? new ApiError('MISSING_CREDENTIALS', 'Send Authorization: Basic base64(publicKey:secretKey), x-api-key + x-api-secret, or x-public-key')
          : new ApiError('INVALID_CREDENTIALS', 'Send Authorization: Basic base64(publicKey:secretKey)');
      }
      if (parsed.kind === 'malformed') {
        throw options.whoami ? new ApiError('MISSING_CREDENTIALS', `Credential in unexpected format: ${parsed.why}`) : invalid();
      }
      if (parsed.kind === 'secret' && (req.headers.origin !== undefined || req.headers.referer !== undefined)) {
        throw new ApiError('BROWSER_REQUEST_FORBIDDEN', 'Secret keys must not be used from a browser (Origin or Referer header present); use the public key there');
      }
      const found = await lookup(parsed.publicKey);
      if (!found) throw invalid();
      if (parsed.kind === 'secret' && !safeEqual(hashSecret(parsed.secretKey, deps.pepper), found.key.secretHash)) throw invalid();
      if (!found.account) throw invalid();
      req.auth = { scope: parsed.kind === 'secret' ? 'company' : 'public', account: found.account, apiKeyId: found.key.keyId };
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** Every endpoint but whoami: the account must be able to transact (KYC approved, not blocked). */
export const requireActiveAccount: RequestHandler = (req, _res, next) => {
  const account = req.auth?.account;
  if (!account) return next(invalid());
  const reason = transactBlockReason(account);
  if (reason === 'COMPANY_BLOCKED') return next(new ApiError('COMPANY_BLOCKED', 'The account is blocked'));
  if (reason === 'KYC_NOT_APPROVED') return next(new ApiError('KYC_NOT_APPROVED', `Company verification (KYC) is ${account.kycStatus}; the API opens when it is approved`));
  next();
};

export function authContext(req: Request): AuthContext {
  if (!req.auth) throw invalid();
  return req.auth;
}
