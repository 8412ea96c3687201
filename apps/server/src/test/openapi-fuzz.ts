import { randomUUID } from 'node:crypto';

/**
 * Request generation for the schema-driven fuzz suite (openapi-fuzz.test.ts): a valid-looking
 * request per operation of the published OpenAPI document, then the same request with one part
 * broken at a time. Everything random comes from one seeded generator, so a seed replays a run.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minItems?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/patients/{id}. */
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  /** Needs a bearer token; `patient` for /api/patient/*. */
  auth: 'staff' | 'patient' | 'none';
}

export interface FuzzRequest {
  method: string;
  url: string;
  /** Raw JSON text (prototype keys survive only as text). */
  payload?: string;
  /** What was broken, for the failure report. */
  label: string;
}

/** mulberry32: small, fast and good enough to pick test cases. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; security?: unknown[] }>>;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const body = operation.requestBody?.content?.['application/json']?.schema;
      const secured = (operation.security?.length ?? 0) > 0;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body,
        auth: !secured ? 'none' : path.startsWith('/api/patient/') ? 'patient' : 'staff',
      });
    }
  }
  return operations;
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
}

function firstAlternative(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return options.find((option) => option.type !== 'null') ?? options[0]!;
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf) as JsonSchema;
  return schema;
}

const futureDate = (): string => new Date(Date.now() + 9 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** A value the schema accepts (name hints fill what a pattern or a transform hides). */
export function validValue(schema: JsonSchema, name: string, random: () => number): unknown {
  const resolved = firstAlternative(schema);
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum?.length) return resolved.enum[0];
  if (resolved.default !== undefined) return resolved.default;
  const type = typeOf(resolved);
  const lower = name.toLowerCase();
  switch (type) {
    case 'integer':
    case 'number': {
      const minimum = typeof resolved.minimum === 'number' ? resolved.minimum : 0;
      const maximum = typeof resolved.maximum === 'number' ? resolved.maximum : minimum + 10;
      if (lower.includes('weekday')) return 1;
      return Math.max(minimum, Math.min(maximum, minimum + 1));
    }
    case 'boolean':
      return false;
    case 'array': {
      const count = resolved.minItems ?? 0;
      return Array.from({ length: count }, () => validValue(resolved.items ?? {}, name, random));
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(resolved.properties ?? {})) {
        if (resolved.required?.includes(key) || random() < 0.5) value[key] = validValue(property, key, random);
      }
      return value;
    }
    case undefined:
    default:
      break;
  }
  if (resolved.format === 'uuid') return randomUUID();
  if (resolved.format === 'email' || lower.includes('email')) return `fuzz-${randomUUID().slice(0, 8)}@test.example`;
  if (resolved.format === 'date' || lower === 'date' || lower === 'from' || lower === 'to') return futureDate();
  if (resolved.format === 'date-time') return new Date().toISOString();
  if (resolved.format === 'uri' || lower === 'endpoint' || lower.endsWith('url')) return 'https://fcm.googleapis.com/fcm/send/fuzz';
  if (lower.includes('phone')) return `+919${String(Math.floor(random() * 1e9)).padStart(9, '0')}`;
  if (lower === 'start' || lower.endsWith('time')) return lower === 'end' ? '12:00' : '09:30';
  if (lower === 'end') return '12:00';
  if (lower.includes('password')) return 'Fuzz@pass-123';
  if (lower === 'timezone') return 'Asia/Kolkata';
  if (lower === 'otp' || lower === 'code') return '123456';
  if (lower === 'expiry') return '12/30';
  if (lower === 'cvc') return '123';
  if (lower === 'pincode') return '560001';
  if (lower === 'tokenprefix') return 'A';
  if (lower === 'cardnumber') return '4111111111111111';
  const length = Math.max(resolved.minLength ?? 0, 4);
  return 'Fuzz text'.padEnd(length, 'x').slice(0, Math.max(length, Math.min(resolved.maxLength ?? 9, 9)));
}

const HUGE = 'x'.repeat(100_000);
/** Values no text field should take. */
const BAD_TEXT: readonly [string, unknown][] = [
  ['NUL', 'Sunita\u0000Pawar'],
  ['NUL only', '\u0000'],
  ['bell', 'ring\u0007'],
  ['escape', '\u001b[31mred'],
  ['DEL', 'a\u007fb'],
  ['C1', 'a\u0085b'],
  ['huge string', HUGE],
  ['lone surrogate', 'a\ud800b'],
];
/** Values no number should take. */
const BAD_NUMBER: readonly [string, unknown][] = [
  ['negative', -1],
  ['tiny', 1e-9],
  ['fraction', 1.5],
  ['huge', 1e308],
  ['int4 overflow', 2 ** 31],
  ['int8 overflow', 2 ** 63],
  ['negative huge', -1e308],
];
/** Values of the wrong type for anything. */
const WRONG_TYPE: readonly [string, unknown][] = [
  ['number', 42],
  ['string', 'not a number'],
  ['boolean', true],
  ['null', null],
  ['array', ['a']],
  ['object', { nested: 'object' }],
  ['empty string', ''],
];

function pick<T>(list: readonly T[], count: number, random: () => number): T[] {
  const copy = [...list];
  const chosen: T[] = [];
  while (chosen.length < count && copy.length) chosen.push(copy.splice(Math.floor(random() * copy.length), 1)[0]!);
  return chosen;
}

/** Broken values for one field: always NUL for text, a few others picked by the generator. */
function badValuesFor(schema: JsonSchema, random: () => number): [string, unknown][] {
  const type = typeOf(firstAlternative(schema));
  if (type === 'integer' || type === 'number') return [...pick(BAD_NUMBER, 4, random), ...pick(WRONG_TYPE, 2, random)];
  if (type === 'string' || type === undefined) return [BAD_TEXT[0]!, ...pick(BAD_TEXT.slice(1), 3, random), ...pick(WRONG_TYPE, 2, random)];
  return pick(WRONG_TYPE, 3, random);
}

const QUERY_BAD: readonly [string, string][] = [
  ['NUL', 'a%00b'],
  ['control', '%07%1b'],
  ['huge', 'x'.repeat(10_000)],
  ['negative', '-1'],
  ['tiny', '1e-9'],
  ['huge number', '1e308'],
  ['int8 overflow', '9223372036854775808'],
  ['NaN', 'NaN'],
  ['prototype', '__proto__'],
  ['empty', ''],
];
const PATH_BAD: readonly [string, string][] = [
  ['not a uuid', 'not-a-uuid'],
  ['NUL', 'a%00b'],
  ['control', '%07'],
  ['huge', 'x'.repeat(2_000)],
  ['prototype', '__proto__'],
  ['constructor', 'constructor'],
  ['negative', '-1'],
];

/** Real ids of the caller's organisation by path, e.g. '/api/patients/{id}' -> a patient's id. */
export type KnownIds = (path: string, name: string) => string | undefined;

function fillPath(operation: Operation, random: () => number, ids: KnownIds, override?: { name: string; value: string }): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    if (override?.name === name) return override.value;
    const known = ids(operation.path, name);
    if (known) return known;
    const parameter = operation.parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    return encodeURIComponent(String(validValue(parameter?.schema ?? { format: 'uuid' }, name, random)));
  });
}

function validQuery(operation: Operation, random: () => number): Record<string, string> {
  const query: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query' || !parameter.required) continue;
    query[parameter.name] = String(validValue(parameter.schema, parameter.name, random));
  }
  return query;
}

function withQuery(path: string, query: Record<string, string>): string {
  const text = Object.entries(query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${/%[0-9A-F]{2}/i.test(value) ? value : encodeURIComponent(value)}`)
    .join('&');
  return text ? `${path}?${text}` : path;
}

export const VALID_LABEL = 'valid';

/** The generated valid request, then every broken one, for one operation. */
export function brokenRequests(operation: Operation, random: () => number, ids: KnownIds = () => undefined): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  const { method } = operation;
  const path = fillPath(operation, random, ids);
  const query = validQuery(operation, random);
  const body = operation.body ? (validValue(operation.body, 'body', random) as Record<string, unknown>) : undefined;
  const send = (label: string, url: string, payload: unknown = body, raw?: string): void => {
    const request: FuzzRequest = { method, url, label };
    if (raw !== undefined) request.payload = raw;
    else if (payload !== undefined && method !== 'GET' && method !== 'DELETE') request.payload = JSON.stringify(payload);
    requests.push(request);
  };

  // The unbroken request first (not for DELETE: it would remove the records later requests use),
  // so the suite can tell how many generated requests the schemas accept.
  if (method !== 'DELETE') send(VALID_LABEL, withQuery(path, query));
  for (const parameter of operation.parameters.filter((candidate) => candidate.in === 'path')) {
    for (const [label, value] of PATH_BAD) send(`path ${parameter.name}: ${label}`, withQuery(fillPath(operation, random, ids, { name: parameter.name, value }), query));
  }
  for (const parameter of operation.parameters.filter((candidate) => candidate.in === 'query')) {
    for (const [label, value] of pick(QUERY_BAD, 4, random).concat([QUERY_BAD[0]!])) {
      send(`query ${parameter.name}: ${label}`, withQuery(path, { ...query, [parameter.name]: value }));
    }
    send(`query ${parameter.name}: repeated`, `${withQuery(path, query)}${Object.keys(query).length ? '&' : '?'}${parameter.name}=a&${parameter.name}=b`);
  }
  if (operation.body && body && typeof body === 'object') {
    const url = withQuery(path, query);
    const visit = (schema: JsonSchema, at: string[], target: Record<string, unknown>): void => {
      const resolved = firstAlternative(schema);
      for (const [key, property] of Object.entries(resolved.properties ?? {})) {
        for (const [label, value] of badValuesFor(property, random)) {
          const copy = structuredClone(body);
          let cursor: Record<string, unknown> = copy;
          for (const step of at) cursor = cursor[step] as Record<string, unknown>;
          cursor[key] = value;
          send(`body ${[...at, key].join('.')}: ${label}`, url, copy);
        }
        const inner = firstAlternative(property);
        if (typeOf(inner) === 'object' && inner.properties && typeof target[key] === 'object' && target[key] !== null) {
          visit(inner, [...at, key], target[key] as Record<string, unknown>);
        }
        if (typeOf(inner) === 'array' && inner.items) {
          const item = firstAlternative(inner.items);
          for (const [label, value] of [...badValuesFor(inner.items, random).slice(0, 2), ['huge array', Array.from({ length: 5_000 }, () => 'x')] as [string, unknown]]) {
            const copy = structuredClone(body);
            let cursor: Record<string, unknown> = copy;
            for (const step of at) cursor = cursor[step] as Record<string, unknown>;
            cursor[key] = label === 'huge array' ? value : [typeOf(item) === 'object' ? value : value];
            send(`body ${[...at, key].join('.')}[]: ${label}`, url, copy);
          }
        }
      }
    };
    visit(operation.body, [], body);
    send('body: empty object', url, {});
    send('body: only unknown fields', url, { zzzUnknown: 1, another: 'x' });
    send('body: array', url, [body]);
    send('body: null', url, null);
    send('body: string', url, 'just a string');
    const rest = Object.keys(body).length ? `,${JSON.stringify(body).slice(1)}` : '}';
    send('body: __proto__ key', url, undefined, `{"__proto__":{"isAdmin":true}${rest}`);
    send('body: constructor.prototype key', url, undefined, `{"constructor":{"prototype":{"isAdmin":true}}${rest}`);
  }
  return requests;
}
