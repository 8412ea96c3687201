import { sessionUserSchema } from '@caredesk/shared';
import { describe, expect, it } from 'vitest';
import { parseSessionUser } from './session-user';

const admin = {
  id: '6f1c2a9e-3b4d-4e5f-8a6b-7c8d9e0f1a2b',
  name: 'City Hospital',
  email: 'desk@hospital.demo',
  type: 'HOSPITAL',
  logoUrl: null,
  timeZone: 'Europe/London',
};
const user = {
  id: '0b7e4c1d-2f3a-4b5c-9d6e-7f8a9b0c1d2e',
  adminId: admin.id,
  name: 'Asha Rao',
  email: 'asha@hospital.demo',
  logoUrl: 'https://cdn.example/logo.png',
  role: 'ADMIN',
  admin,
  language: 'en',
};

const cases: [string, unknown][] = [
  ['a full user', user],
  ['unknown keys', { ...user, password: 'x', admin: { ...admin, secret: 1 } }],
  ['no time zone (stored before it existed)', { ...user, admin: { ...admin, timeZone: undefined } }],
  ['every organisation type', { ...user, admin: { ...admin, type: 'MULTIHOSPITALANDCARE' } }],
  ['the nil UUID', { ...user, id: '00000000-0000-0000-0000-000000000000' }],
  ['an upper-case UUID', { ...user, id: user.id.toUpperCase() }],
  ['a USER role', { ...user, role: 'USER' }],
  ['a Kannada console', { ...user, language: 'kn' }],
  ['no language (stored before it existed)', { ...user, language: undefined }],
  ['a language CareDesk does not speak', { ...user, language: 'fr' }],
  ['a lower-case role', { ...user, role: 'admin' }],
  ['an unknown organisation type', { ...user, admin: { ...admin, type: 'CLINIC' } }],
  ['a malformed id', { ...user, id: 'not-a-uuid' }],
  ['a UUID of version 0', { ...user, adminId: '0b7e4c1d-2f3a-0b5c-9d6e-7f8a9b0c1d2e' }],
  ['a missing name', { ...user, name: undefined }],
  ['a numeric e-mail', { ...user, email: 5 }],
  ['an undefined logo', { ...user, logoUrl: undefined }],
  ['a null admin logo', { ...user, admin: { ...admin, logoUrl: null } }],
  ['a numeric time zone', { ...user, admin: { ...admin, timeZone: 5 } }],
  ['a null time zone', { ...user, admin: { ...admin, timeZone: null } }],
  ['no admin', { ...user, admin: undefined }],
  ['an array admin', { ...user, admin: [admin] }],
  ['an array', [user]],
  ['null', null],
  ['a string', 'user'],
];

describe('parseSessionUser', () => {
  it.each(cases)('gives what sessionUserSchema gives for %s', (_, value) => {
    const parsed = sessionUserSchema.safeParse(value);
    const expected = parsed.success ? parsed.data : null;
    expect(parseSessionUser(value)).toStrictEqual(expected);
  });

  it('accepts a full user and fills the default time zone', () => {
    expect(parseSessionUser(user)).not.toBeNull();
    expect(parseSessionUser({ ...user, admin: { ...admin, timeZone: undefined } })?.admin.timeZone).toBe('Asia/Kolkata');
  });

  it('refuses a user whose ids are not UUIDs', () => {
    expect(parseSessionUser({ ...user, adminId: 'abc' })).toBeNull();
  });
});
