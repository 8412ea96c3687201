import type { Account, AccountSession, OrganisationProfile, StaffMember } from '@caredesk/shared';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';

export const profile: OrganisationProfile = {
  id: '50000000-0000-4000-8000-000000000001',
  name: 'Sunrise Hospital',
  email: 'desk@sunrise.example.test',
  phone: '+912012345678',
  type: 'HOSPITAL',
  logoUrl: null,
  address: '1 Hospital Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
  timeZone: 'Asia/Kolkata',
  showWallet: true,
  inactivityMinutes: 30,
  uhidPrefix: 'SUN-',
  slug: 'sunrise-hospital',
  createdAt: '2026-01-01T00:00:00.000Z',
  facilities: [],
};

export const member = (n: number, name: string, extra: Partial<StaffMember> = {}): StaffMember => ({
  id: `60000000-0000-4000-8000-00000000000${n}`,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@sunrise.example.test`,
  phone: null,
  role: 'WORKER',
  doctorId: null,
  avatarUrl: null,
  active: true,
  invitationPending: false,
  passwordChangeRequired: false,
  lastLoginAt: '2026-03-01T04:30:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

export const account = (extra: Partial<Account> = {}): Account => ({
  id: '60000000-0000-4000-8000-000000000099',
  name: 'Asha Rao',
  email: 'asha@sunrise.example.test',
  phone: null,
  avatarUrl: null,
  role: 'ADMIN',
  organisationName: 'Sunrise Hospital',
  passwordChangeRequired: false,
  inactivityMinutes: 30,
  language: 'en',
  ...extra,
});

export const session = (n: number, extra: Partial<AccountSession> = {}): AccountSession => ({
  id: `70000000-0000-4000-8000-00000000000${n}`,
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  ip: '203.0.113.7',
  signedInAt: '2026-03-01T04:30:00.000Z',
  lastActiveAt: '2026-03-01T05:30:00.000Z',
  expiresAt: '2026-03-31T04:30:00.000Z',
  current: false,
  ...extra,
});

export const badRequest = (path: string, message: string) => ({
  status: 400,
  data: { statusCode: 400, error: 'Bad Request', message, issues: [{ path, message }] },
});

let restore: (() => void) | undefined;
/** The header's reads plus `routes`, undone after each test by restoreApi(). */
export function withApi(routes: Record<string, FakeRoute>) {
  const api = installFakeApi({ ...headerRoutes(), 'GET /account': { data: account() }, ...routes });
  restore = api.restore;
  return api;
}
export function restoreApi() {
  restore?.();
  restore = undefined;
}

/** Lazy pages compile on first use, on a machine shared with other work: give them time. */
export const slow = { timeout: 15_000 };
