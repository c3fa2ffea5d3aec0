import type { RequestHandler } from 'express';
import { safeEqual } from '../../security/credentials';
import { ApiError } from '../errors';

declare module 'express-serve-static-core' {
  interface Request {
    /** Who performed an admin action, for the audit log: `admin` or `admin:<X-Admin-User>`. */
    adminActor?: string;
  }
}

export function requireAdmin(adminToken: string): RequestHandler {
  return (req, _res, next) => {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    if (!m || !safeEqual(m[1], adminToken)) {
      return next(new ApiError('INVALID_CREDENTIALS', 'Admin endpoints need Authorization: Bearer <ADMIN_TOKEN>'));
    }
    const user = req.headers['x-admin-user'];
    req.adminActor = typeof user === 'string' && /^[\w.@+-]{1,64}$/.test(user) ? `admin:${user}` : 'admin';
    next();
  };
}
