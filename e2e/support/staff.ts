import { randomUUID } from 'node:crypto';
import type { Language } from '@caredesk/shared';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect, type Page } from './fixtures.ts';

/**
 * A hospital admin of their own, with their own password (and language, if given): the demo
 * accounts are shared with every other spec, which must not find them in Kannada.
 */
export async function newStaffMember(page: Page, language?: Language): Promise<{ email: string; password: string }> {
  const admin = await page.request.post('/api/admin/auth', { data: { email: 'admin@hospital.demo', password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${((await admin.json()) as { access_token: string }).access_token}` };
  const email = `lang-${randomUUID().slice(0, 8)}@hospital.demo`;
  const temporary = `Temp@${randomUUID().slice(0, 8)}`;
  const created = await page.request.post('/api/staff', { headers, data: { name: 'Lakshmi Rao', email, role: 'ADMIN', credential: { method: 'password', password: temporary } } });
  expect(created.status(), await created.text()).toBe(201);
  // Their own password, so the console does not stop them at 'choose a new password'.
  const first = await page.request.post('/api/admin/auth', { data: { email, password: temporary } });
  const password = `Own@${randomUUID().slice(0, 8)}`;
  const own = await page.request.post('/api/account/password', {
    headers: { authorization: `Bearer ${((await first.json()) as { access_token: string }).access_token}` },
    data: { currentPassword: temporary, newPassword: password },
  });
  expect(own.status(), await own.text()).toBe(200);
  if (language) {
    const signedIn = await page.request.post('/api/admin/auth', { data: { email, password } });
    const account = await page.request.patch('/api/account', {
      headers: { authorization: `Bearer ${((await signedIn.json()) as { access_token: string }).access_token}` },
      data: { language },
    });
    expect(account.status(), await account.text()).toBe(200);
  }
  return { email, password };
}

/** The console API as one staff member; a call answered with an error fails the test, naming the reply. */
export interface StaffApi {
  post(path: string, data?: unknown): Promise<{ id: string } & Record<string, unknown>>;
  patch(path: string, data: unknown): Promise<void>;
  get<T>(path: string): Promise<T>;
}

/** The console API with an access token the caller already has. */
export function staffApiWith(request: APIRequestContext, token: string): StaffApi {
  const headers = { authorization: `Bearer ${token}` };
  return {
    post: async (path, data = {}) => {
      const response = await request.post(path, { headers, data });
      expect(response.ok(), await response.text()).toBe(true);
      return (await response.json()) as { id: string };
    },
    patch: async (path, data) => {
      const response = await request.patch(path, { headers, data });
      expect(response.ok(), await response.text()).toBe(true);
    },
    get: async <T>(path: string) => (await (await request.get(path, { headers })).json()) as T,
  };
}

/** The console API as a demo account, signed in through the API. */
export async function staffApiAs(request: APIRequestContext, email: string): Promise<StaffApi> {
  const auth = await request.post('/api/admin/auth', { data: { email, password: DEMO_PASSWORD } });
  return staffApiWith(request, ((await auth.json()) as { access_token: string }).access_token);
}
