import { z } from 'zod';
import * as contracts from '../../contracts';
import * as compensation from '../../contracts/compensation';
import { API_AREAS } from '../../contracts/api';
import { ErrorResponse, Message, isOtherResponse, type RouteContract } from '../../contracts/route-contract';
import { contractOf, deniedUnderImpersonation, routeKey, stepUpAlways, type RouteDef } from './routes';
import { MONEY_CONTROLS, type MoneyControl } from '../../contracts/money-controls';

/**
 * The OpenAPI 3.1 document of the registered routes (issue 14), generated from their contracts (contracts/api) with
 * zod's own JSON Schema output (draft 2020-12, the dialect of OpenAPI 3.1). Named schemas of contracts/ become
 * components; answers are described as the server writes them, bodies and queries as the server accepts them.
 */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
}
export type JsonSchema = Record<string, unknown>;
export interface Operation {
  operationId: string;
  summary?: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema; description?: string }[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }>; headers?: Record<string, unknown> }>;
  'x-access': string;
  /** The route's row of the money-control matrix (contracts/money-controls.ts, issue 29). */
  'x-money-control'?: MoneyControl;
}

const REF = (id: string) => `#/components/schemas/${id}`;
const ACCESS_TEXT: Record<string, string> = {
  public: 'Anyone.',
  session: 'Any signed-in user.',
  member: 'An active member (not an admin).',
  founder: 'The founder.',
  reviewer: 'An active admin or founder.',
  admin: 'An active admin.',
  franchise: 'An active franchise holder (mini or basic franchise).',
};

/** Every zod schema contracts/ exports, by the name it is exported under (the first name wins). */
function namedSchemas(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const [name, value] of Object.entries({ ...contracts, ...compensation, ErrorResponse, Message })) {
    if (value instanceof z.ZodType && !names.has(value)) names.set(value, name);
  }
  return names;
}

/** The schemas a schema is built from (object fields, array items, union options, wrapped types...). */
function childrenOf(schema: z.ZodType): z.ZodType[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const out: z.ZodType[] = [];
  const add = (v: unknown) => {
    if (v instanceof z.ZodType) out.push(v);
    else if (Array.isArray(v)) v.forEach(add);
  };
  for (const [key, value] of Object.entries(def)) {
    if (key === 'shape' && value && typeof value === 'object') Object.values(value).forEach(add);
    else if (key === 'getter' && typeof value === 'function') add(value());
    else add(value);
  }
  return out;
}

/** The named schemas reachable from the roots (the roots included when named). */
function reachableNamed(roots: z.ZodType[], names: Map<z.ZodType, string>): Set<z.ZodType> {
  const seen = new Set<z.ZodType>();
  const named = new Set<z.ZodType>();
  const walk = (s: z.ZodType) => {
    if (seen.has(s)) return;
    seen.add(s);
    if (names.has(s)) named.add(s);
    childrenOf(s).forEach(walk);
  };
  roots.forEach(walk);
  return named;
}

const SAFE = Number.MAX_SAFE_INTEGER;
function jsonSchemaOptions(io: 'input' | 'output') {
  return {
    target: 'draft-2020-12' as const,
    io,
    unrepresentable: 'any' as const,
    // z.number().int() states the safe-integer range on every integer: noise in a document people read.
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      if (jsonSchema.minimum === -SAFE) delete jsonSchema.minimum;
      if (jsonSchema.maximum === SAFE) delete jsonSchema.maximum;
    },
  };
}

const strip = ({ $schema: _s, $id: _i, ...rest }: JsonSchema) => rest;

/**
 * Components for every schema a route uses: named schemas under their names; a route's unnamed answer under an id
 * made of its key and status. Requests are described as accepted (zod input), answers as written (zod output); a
 * named schema used both ways gets `Input` after its name on the request side.
 */
function components(routes: { key: string; contract: RouteContract }[]) {
  const names = namedSchemas();
  const answers = routes.flatMap((r) => Object.entries(r.contract.response).flatMap(([status, spec]) => (isOtherResponse(spec) ? [] : [{ r, status, schema: spec }])));
  const bodies = routes.flatMap((r) => (r.contract.body ? [{ r, schema: r.contract.body }] : []));

  const output = z.registry<{ id: string }>();
  const outIds = new Map<z.ZodType, string>();
  const register = (reg: typeof output, ids: Map<z.ZodType, string>, schema: z.ZodType, id: string) => {
    if (ids.has(schema)) return;
    ids.set(schema, id);
    reg.add(schema, { id });
  };
  for (const s of reachableNamed(
    answers.map((a) => a.schema),
    names,
  ))
    register(output, outIds, s, names.get(s)!);
  for (const a of answers) register(output, outIds, a.schema, `${operationId(a.r.key)}${a.status}`);
  register(output, outIds, ErrorResponse, 'ErrorResponse');

  const input = z.registry<{ id: string }>();
  const inIds = new Map<z.ZodType, string>();
  const outNames = new Set(outIds.values());
  const inputName = (name: string) => (outNames.has(name) ? `${name}Input` : name);
  for (const s of reachableNamed(
    bodies.map((b) => b.schema),
    names,
  ))
    register(input, inIds, s, inputName(names.get(s)!));
  for (const b of bodies) register(input, inIds, b.schema, inputName(`${operationId(b.r.key)}Body`));

  const schemas: Record<string, JsonSchema> = {};
  for (const [reg, io] of [
    [output, 'output'],
    [input, 'input'],
  ] as const) {
    const generated = z.toJSONSchema(reg, { ...jsonSchemaOptions(io), uri: REF }).schemas as Record<string, JsonSchema>;
    for (const [id, schema] of Object.entries(generated)) schemas[id] = strip(schema);
  }
  return { schemas, outIds, inIds };
}

/** `GET /api/admin/users/:id/status` -> `getAdminUsersIdStatus` */
export function operationId(key: string): string {
  const [method, path] = key.split(' ');
  const words = path
    .split('/')
    .filter((w) => w && w !== 'api')
    .map((w) => w.replace(/^:/, '').replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase()));
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/** Path or query parameters from an object schema, one per field. */
function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query', path: string): NonNullable<Operation['parameters']> {
  const pathNames = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const json = schema ? strip(z.toJSONSchema(schema, jsonSchemaOptions('input')) as JsonSchema) : {};
  const props = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  if (where === 'path') {
    return pathNames.map((name) => ({ name, in: 'path' as const, required: true, schema: props[name] ?? { type: 'string' } }));
  }
  return Object.entries(props).map(([name, s]) => ({ name, in: 'query' as const, required: required.has(name), schema: s }));
}

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted: waits for a second admin', 302: 'Redirect', 503: 'Not ready' };

export function buildOpenApi(defs: RouteDef[], version: string): OpenApiDocument {
  const routes = defs.map((def) => ({ def, key: `${String(def.method)} ${def.url}`, contract: contractOf(def)! }));
  const { schemas, outIds, inIds } = components(routes);
  const areaOf = new Map<string, string>();
  for (const [area, table] of Object.entries(API_AREAS)) for (const key of Object.keys(table)) areaOf.set(key, area);

  const paths: OpenApiDocument['paths'] = {};
  for (const { def, key, contract } of routes) {
    const path = def.url.replace(/:(\w+)/g, '{$1}');
    const responses: Operation['responses'] = {};
    for (const [status, spec] of Object.entries(contract.response)) {
      const text = STATUS_TEXT[Number(status)] ?? 'Answer';
      if (isOtherResponse(spec)) {
        responses[status] = spec.contentType.length
          ? { description: spec.description, content: Object.fromEntries(spec.contentType.map((t) => [t, { schema: {} }])) }
          : { description: spec.description, headers: { Location: { schema: { type: 'string' } } } };
      } else {
        responses[status] = { description: text, content: { 'application/json': { schema: { $ref: REF(outIds.get(spec)!) } } } };
      }
    }
    responses.default = { description: 'Error: { message, code, fieldErrors? }', content: { 'application/json': { schema: { $ref: REF('ErrorResponse') } } } };
    const flags = [
      stepUpAlways(def) ? 'Asks for the second factor again unless given in the last 5 minutes (step-up).' : '',
      deniedUnderImpersonation(def) ? 'Refused under impersonation.' : '',
      def.openInDevelopment ? 'Open to anyone while NODE_ENV is development.' : '',
      def.rateLimits?.length ? `Rate limited: ${def.rateLimits.map((r) => `${r.max} per ${Math.round(r.windowMs / 60_000)} min`).join(', ')}.` : '',
    ].filter(Boolean);
    const parameters = [...parametersOf(contract.params, 'path', def.url), ...parametersOf(contract.query, 'query', def.url)];
    const body = contract.body ? { $ref: REF(inIds.get(contract.body)!) } : undefined;
    const bodyRequired = contract.body ? !contract.body.safeParse({}).success : false;
    (paths[path] ??= {})[String(def.method).toLowerCase()] = {
      operationId: operationId(key),
      ...(contract.summary ? { summary: contract.summary } : {}),
      description: [`Access: ${def.access} (${ACCESS_TEXT[def.access]})`, ...flags].join(' '),
      tags: [areaOf.get(key) ?? 'Other'],
      security: def.access === 'public' ? [] : [{ session: [] }, { impersonation: [] }],
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: { required: bodyRequired, content: { 'application/json': { schema: body } } } } : {}),
      responses,
      'x-access': def.access,
      ...((MONEY_CONTROLS as Record<string, MoneyControl>)[routeKey(def)] ? { 'x-money-control': (MONEY_CONTROLS as Record<string, MoneyControl>)[routeKey(def)] } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Binary MLM platform API',
      version,
      description: 'Every route of the server, generated from the zod contracts in contracts/ (issue 14). Money and BV are exact decimal strings; instants are ISO 8601 in UTC.',
    },
    tags: [...new Set(routes.map((r) => areaOf.get(r.key) ?? 'Other'))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'The session cookie set by POST /api/login' },
        impersonation: { type: 'http', scheme: 'bearer', description: 'An impersonation token from POST /api/impersonation/exchange' },
      },
    },
  };
}
