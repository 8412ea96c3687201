import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, type ZodType } from 'zod';

type JsonSchema = Record<string, unknown>;

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `anyOf: [{type: 'string'}, {type: 'null'}]` (a nullable field) as `type: ['string', 'null']`,
 * which fast-json-stringify writes with a null check instead of validating each branch with ajv.
 * Only a scalar branch is merged; a nullable object keeps its anyOf.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!isSchema(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = key === 'properties' && isSchema(value) ? Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, simplify(sub)])) : simplify(value);
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(out).length === 1) {
    const nullIndex = anyOf.findIndex((branch) => isSchema(branch) && branch.type === 'null' && Object.keys(branch).length === 1);
    const other: unknown = anyOf[1 - nullIndex];
    if (nullIndex !== -1 && isSchema(other) && typeof other.type === 'string' && !['object', 'array', 'null'].includes(other.type) && !('anyOf' in other)) {
      return { ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/**
 * A response schema as the JSON schema of what the route sends (zod's output side), or undefined
 * when zod cannot say it in JSON schema (a transform, a date object, a custom check).
 */
export function responseJsonSchema(schema: ZodType): JsonSchema | undefined {
  try {
    const json = toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw', cycles: 'throw', reused: 'inline' });
    return simplify(json) as JsonSchema;
  } catch {
    return undefined;
  }
}

/**
 * Replies serialised by fast-json-stringify, compiled once per route from its zod response
 * schema, instead of zod checking every reply and JSON.stringify writing it. The contract is
 * kept: fast-json-stringify writes only the properties a schema declares, so a field a service
 * returns and the route does not declare (a patient's address in a list row…) never leaves the
 * server. `additionalProperties: false` is taken out (simplify) so that a union's branch is chosen
 * by the fields it declares, as zod's union does, instead of no branch matching a row that has one
 * more field. Unlike zod it does not check the values: the services are typed against the same
 * schemas. A schema zod cannot express as JSON schema keeps the zod serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  const json = responseJsonSchema(route.schema);
  if (json) {
    try {
      return fastJson(json);
    } catch {
      // A schema fast-json-stringify cannot compile: zod's own serializer below.
    }
  }
  return zodSerializerCompiler(route);
};
