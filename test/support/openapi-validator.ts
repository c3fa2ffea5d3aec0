import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { buildOpenApiDocument } from '../../src/http/openapi';

/**
 * Validates every response the integration tests receive against the OpenAPI document: the status must be
 * documented for the operation and a JSON body must match its schema. A drift between code and document fails.
 */
type Doc = ReturnType<typeof buildOpenApiDocument>;
let compiled: { match: (method: string, path: string) => { template: string; responses: Record<string, { content?: Record<string, { schema?: object }> }> } | null; ajv: Ajv2020 } | undefined;

function load() {
  if (compiled) return compiled;
  const doc = JSON.parse(JSON.stringify(buildOpenApiDocument('http://localhost'))) as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi', components: doc.components }, 'openapi');
  const routes = Object.entries(doc.paths ?? {}).map(([template, item]) => ({
    template,
    re: new RegExp(`^${template.replace(/\./g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    item: item as Record<string, { responses: Record<string, { content?: Record<string, { schema?: object }> }> }>,
  }));
  compiled = {
    ajv,
    match(method, path) {
      const m = method.toLowerCase();
      // Exact literal paths win over templates (e.g. /payin/open-finance/banks vs /payin/{id}).
      const hits = routes.filter((r) => r.re.test(path) && r.item[m]).sort((a, b) => (a.template.includes('{') ? 1 : 0) - (b.template.includes('{') ? 1 : 0));
      return hits[0] ? { template: hits[0].template, responses: hits[0].item[m].responses } : null;
    },
  };
  return compiled;
}

const rewriteRefs = (schema: unknown): unknown => JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/'));

export function validateResponse(method: string, url: string, status: number, contentType: string | null, body: unknown): void {
  const path = new URL(url).pathname;
  const { match, ajv } = load();
  const op = match(method, path);
  if (!op && status === 404) {
    // Unknown routes answer the documented error body.
    const validate = ajv.getSchema('openapi#/components/schemas/Error')!;
    if (!validate(body)) throw new Error(`OpenAPI: 404 for ${method} ${path} is not the error body: ${ajv.errorsText(validate.errors)}`);
    return;
  }
  if (!op) throw new Error(`OpenAPI: ${method} ${path} is not documented`);
  const response = op.responses[String(status)];
  if (!response) throw new Error(`OpenAPI: ${method} ${op.template} answered ${status}, which is not documented (documented: ${Object.keys(op.responses).join(', ')})`);
  const schema = response.content?.['application/json']?.schema;
  if (!schema || !contentType?.includes('application/json')) return;
  const validate = ajv.compile(rewriteRefs(schema) as object);
  if (!validate(body)) {
    throw new Error(`OpenAPI: ${method} ${op.template} ${status} body does not match the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 600)}`);
  }
}
