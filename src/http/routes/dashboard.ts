import fs from 'node:fs';
import path from 'node:path';
import { Router } from 'express';

/**
 * The operators' dashboard: one static page (no build step) that talks to the admin API with the admin
 * token the operator types in (kept in sessionStorage for the tab's life).
 */
export function dashboardRoutes(): Router {
  const router = Router();
  const file = [path.join(__dirname, 'dashboard.html'), path.join(__dirname, '..', '..', '..', '..', 'src', 'http', 'routes', 'dashboard.html')].find((f) => fs.existsSync(f));
  const page = file ? fs.readFileSync(file, 'utf8') : '<h1>dashboard.html missing</h1>';
  router.get('/dashboard', (_req, res) => {
    res.setHeader('Content-Security-Policy', "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:");
    res.type('html').send(page);
  });
  return router;
}
