import express, { Router } from 'express';
import swaggerUiDist from 'swagger-ui-dist';
import type { AppDeps } from '../app';
import { buildOpenApiDocument } from '../openapi';

const DOCS_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>pagobr API reference</title>
<meta name="viewport" content="width=device-width"><link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="reference"></div><script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#reference', deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 });</script></body></html>`;

/** The OpenAPI document (generated from the zod schemas that validate requests) and its reference page, served offline. */
export function docsRoutes(deps: Pick<AppDeps, 'config'>): Router {
  const router = Router();
  const document = buildOpenApiDocument(deps.config.PUBLIC_BASE_URL);
  router.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  router.use('/docs/assets', express.static(swaggerUiDist.getAbsoluteFSPath(), { index: false, maxAge: '1h' }));
  router.get('/docs', (_req, res) => {
    res.type('html').send(DOCS_PAGE);
  });
  return router;
}
