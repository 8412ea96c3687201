import { STORAGE_KEYS, type OrganisationType, type SessionUser, type StaffRole } from '@caredesk/shared';

let counter = 0;
const uuid = () => {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

export function makeUser(type: OrganisationType = 'HOSPITAL', role: StaffRole = 'ADMIN', overrides: Partial<SessionUser> = {}): SessionUser {
  const adminId = uuid();
  return {
    id: uuid(),
    adminId,
    name: 'Asha Rao',
    email: `asha.${counter}@example.test`,
    logoUrl: null,
    role,
    language: 'en',
    admin: { id: adminId, name: 'Sunrise Hospital', email: 'desk@sunrise.example.test', type, logoUrl: null, timeZone: 'Asia/Kolkata' },
    ...overrides,
  };
}

/** Puts a signed-in session in local storage, as a successful sign-in would. */
export function storeSession(user: SessionUser, accessToken = 'access-token', refreshToken = 'refresh-token'): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  localStorage.setItem(STORAGE_KEYS.accessToken, accessToken);
  localStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
}
