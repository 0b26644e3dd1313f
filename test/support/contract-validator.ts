import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** One HTTP exchange as the server saw it. */
export interface Exchange {
  method: string;
  /** The request target: path and query. */
  url: string;
  status: number;
  headers: Record<string, number | string | string[] | undefined>;
  body: Buffer;
}

/**
 * Paths the API description deliberately leaves out: they are not operations of the API. Everything else the
 * service answers is checked against the document.
 */
export const UNDESCRIBED_PATHS: readonly RegExp[] = [
  /^\/health\/(live|ready)\/?$/i, // probes, terminus format (docs/operations.md#health-and-probes)
  /^\/metrics$/i, // Prometheus text format, for the scraper (docs/operations.md#metrics)
  /^\/attest(\/|$)/i, // the recipient's HTML attestation page
  /^\/console(\/|$|\.)/i, // the console's HTML pages
  /^\/scim\/v2(\/|$)/i, // SCIM 2.0, described by its own discovery endpoints (docs/scim.md)
  /^\/\.well-known\/jwks\.json$/i, // the evidence keys, a JSON Web Key Set (docs/evidence-and-sealing.md)
  /^\/api\/v1\/openapi\.json$/i, // the document itself
  /^\/api\/v1\/docs(\/|$)/i, // the browsable reference and its assets
];

type Json = Record<string, any>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const DOCUMENT_ID = 'openapi.json';

/**
 * Checks responses against an OpenAPI 3.1 document with a real JSON Schema 2020-12 validator (Ajv): the status
 * must be declared for the operation, the declared required headers present and well-formed, and the body must
 * match the declared schema exactly (response schemas are closed, so an extra field fails as a missing one does).
 * A path that no operation describes must be answered with the pipeline's JSON 404/405.
 */
export class ContractValidator {
  private readonly ajv: Ajv2020;
  private readonly prefix: string;
  private readonly routes: { pattern: RegExp; template: string; item: Json }[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: Json) {
    if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.1.')) {
      throw new Error(`expected an OpenAPI 3.1 document, got openapi=${String(document.openapi)}`);
    }
    this.ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addKeyword('example'); // an OpenAPI annotation, not a JSON Schema keyword
    this.ajv.addSchema({ $id: DOCUMENT_ID, $defs: toLocalRefs(document.components?.schemas ?? {}) });
    this.prefix = new URL(document.servers?.[0]?.url ?? '/', 'http://server.invalid').pathname.replace(/\/$/, '');
    this.routes = Object.entries(document.paths as Record<string, Json>).map(([template, item]) => ({
      template,
      item,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/}]+\}/g, '[^/]+')}/?$`, 'i'),
    }));
  }

  /** The violations of one exchange, each a readable sentence naming the request; none when it conforms. */
  check(exchange: Exchange): string[] {
    const path = new URL(exchange.url, 'http://server.invalid').pathname;
    if (UNDESCRIBED_PATHS.some((pattern) => pattern.test(path))) return [];
    const label = `${exchange.method} ${exchange.url} -> ${exchange.status}`;
    const violations = this.violations(exchange, path);
    return violations.map((violation) => `${label}: ${violation}`);
  }

  private violations(exchange: Exchange, path: string): string[] {
    const route = this.route(path);
    const method = exchange.method.toLowerCase() === 'head' ? 'get' : exchange.method.toLowerCase();
    if (!route) {
      // Not an operation: the pipeline's unknown-route answer, the only one allowed here.
      if (exchange.status !== 404 && exchange.status !== 405) {
        return [`no operation in the document describes this path (only a 404 or 405 may answer it)`];
      }
      return this.bodyViolations(
        exchange,
        { $ref: '#/components/schemas/ErrorMessage' },
        `unknown route ${exchange.status}`,
      );
    }
    const operation = METHODS.includes(method) ? (route.item[method] as Json | undefined) : undefined;
    if (!operation) {
      // Not an operation: the pipeline's 405 with `Allow`, the only answer allowed here.
      if (exchange.status !== 405)
        return [`the document has no ${method.toUpperCase()} ${route.template}: expected 405`];
      const violations = exchange.headers['allow'] === undefined ? ['a 405 without an Allow header'] : [];
      return [
        ...violations,
        ...this.bodyViolations(exchange, { $ref: '#/components/schemas/ErrorMessage' }, 'wrong method'),
      ];
    }
    const responses = operation.responses as Record<string, Json>;
    const response =
      responses[String(exchange.status)] ?? responses[`${String(exchange.status)[0]}XX`] ?? responses.default;
    if (!response) {
      return [
        `status ${exchange.status} is not declared for ${method.toUpperCase()} ${route.template} ` +
          `(declared: ${Object.keys(responses).join(', ')}); body ${preview(exchange.body)}`,
      ];
    }
    const key = `${method} ${route.template} ${exchange.status}`;
    const violations = this.headerViolations(exchange, response);
    const schema = response.content?.['application/json']?.schema as Json | undefined;
    if (exchange.method.toUpperCase() === 'HEAD') return violations;
    const declared = Object.keys((response.content ?? {}) as Json);
    const file = declared.find((type) => type !== 'application/json');
    if (!schema && file) return [...violations, ...fileViolations(exchange, file)];
    // An answer in another media type the operation declares besides JSON (chosen by Accept).
    const answered = String(exchange.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    if (schema && answered !== 'application/json' && declared.includes(answered)) {
      return [...violations, ...fileViolations(exchange, answered)];
    }
    if (!schema) {
      if (exchange.body.length > 0) violations.push(`the document declares no body, got ${preview(exchange.body)}`);
      return violations;
    }
    return [...violations, ...this.bodyViolations(exchange, schema, key)];
  }

  private route(path: string) {
    if (!path.toLowerCase().startsWith(`${this.prefix.toLowerCase()}/`)) return undefined;
    const relative = path.slice(this.prefix.length);
    return this.routes.find((route) => route.pattern.test(relative));
  }

  private headerViolations(exchange: Exchange, response: Json): string[] {
    const violations: string[] = [];
    for (const [name, declared] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
      const header = this.resolve(declared);
      const value = exchange.headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required) violations.push(`the required header ${name} is missing`);
        continue;
      }
      const text = Array.isArray(value) ? value.join(', ') : String(value);
      const validate = this.compile(`header ${name}`, header.schema ?? {});
      if (!validate(fromHeaderText(text, header.schema ?? {}))) {
        violations.push(`header ${name}: "${text}" ${describeErrors(validate.errors).replace(/^\(root\) /, '')}`);
      }
    }
    return violations;
  }

  private bodyViolations(exchange: Exchange, schema: Json, key: string): string[] {
    const type = String(exchange.headers['content-type'] ?? '');
    if (!/^application\/json\b/i.test(type)) {
      return [`the body must be application/json, got content-type "${type}" and ${preview(exchange.body)}`];
    }
    let body: unknown;
    try {
      body = JSON.parse(exchange.body.toString('utf8'));
    } catch {
      return [`the body is not JSON: ${preview(exchange.body)}`];
    }
    const validate = this.compile(key, schema);
    if (validate(body)) return [];
    return [`the body does not match the schema: ${describeErrors(validate.errors)}; body ${preview(exchange.body)}`];
  }

  private compile(key: string, schema: Json): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(toLocalRefs(schema));
      this.validators.set(key, validate);
    }
    return validate;
  }

  /** Follows a `$ref` inside the document (headers are described once under components). */
  private resolve(node: Json): Json {
    if (typeof node.$ref !== 'string') return node;
    const target = node.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<any>((at, part: string) => at?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], this.document);
    if (!target) throw new Error(`unresolvable $ref ${node.$ref}`);
    return this.resolve(target);
  }
}

/** A file answer (a PDF): its declared media type, and a body that is one (for the types it knows). */
function fileViolations(exchange: Exchange, mediaType: string): string[] {
  const type = String(exchange.headers['content-type'] ?? '');
  if (type.split(';')[0].trim().toLowerCase() !== mediaType) {
    return [`the body must be ${mediaType}, got content-type "${type}" and ${preview(exchange.body)}`];
  }
  if (mediaType === 'application/pdf' && !exchange.body.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
    return [`the body is not a PDF: ${preview(exchange.body)}`];
  }
  if (mediaType === 'application/jose' && !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(exchange.body.toString('utf8'))) {
    return [`the body is not a compact JWS: ${preview(exchange.body)}`];
  }
  return [];
}

/** Points component references at the copy of the schemas registered with Ajv. */
function toLocalRefs<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema).replace(/"#\/components\/schemas\//g, `"${DOCUMENT_ID}#/$defs/`)) as T;
}

/** Header values are text; an integer header is checked as the number it spells. */
function fromHeaderText(text: string, schema: Json): unknown {
  const types = [schema.type].flat();
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map((error) => {
      const where = error.instancePath || '(root)';
      const detail =
        error.keyword === 'additionalProperties'
          ? ` '${String((error.params as { additionalProperty: string }).additionalProperty)}'`
          : '';
      return `${where} ${error.message ?? error.keyword}${detail}`;
    })
    .join('; ');
}

function preview(body: Buffer): string {
  if (body.length === 0) return '(empty)';
  const text = body.toString('utf8');
  return text.length > 300 ? `${text.slice(0, 300)}...` : text;
}
