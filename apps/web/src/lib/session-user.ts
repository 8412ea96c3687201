import { DEFAULT_TIME_ZONE, isLanguage, organisationTypes, roles, type Admin, type SessionUser } from '@caredesk/shared';

/**
 * sessionUserSchema's checks written out by hand: the session is read on every first load,
 * /sign-in included, and the schema would bring zod (25 KB gzip) into the entry chunk.
 * session-user.test.ts holds this to the schema's verdicts and output.
 */

// zod's z.uuid() pattern (any RFC 9562 version, plus the nil and max UUIDs).
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isUuid = (value: unknown): value is string => isString(value) && UUID.test(value);
const isNullableString = (value: unknown): value is string | null => value === null || isString(value);
const isOneOf = <T extends string>(options: readonly T[], value: unknown): value is T => isString(value) && (options as readonly string[]).includes(value);

function parseAdmin(value: unknown): Admin | null {
  if (!isObject(value)) return null;
  const { id, name, email, type, logoUrl, timeZone } = value;
  if (!isUuid(id) || !isString(name) || !isString(email) || !isOneOf(organisationTypes, type) || !isNullableString(logoUrl)) return null;
  if (timeZone !== undefined && !isString(timeZone)) return null;
  return { id, name, email, type, logoUrl, timeZone: timeZone ?? DEFAULT_TIME_ZONE };
}

/** The user as sessionUserSchema.safeParse would give it (unknown keys dropped), or null. */
export function parseSessionUser(value: unknown): SessionUser | null {
  if (!isObject(value)) return null;
  const { id, adminId, name, email, logoUrl, role, language } = value;
  if (!isUuid(id) || !isUuid(adminId) || !isString(name) || !isString(email) || !isNullableString(logoUrl) || !isOneOf(roles, role)) return null;
  if (!isLanguage(language)) return null;
  const admin = parseAdmin(value.admin);
  if (!admin) return null;
  return { id, adminId, name, email, logoUrl, role, admin, language };
}
