import { randomUUID } from 'node:crypto';
import type { OrganisationType, SignInResponse, StaffRole } from '@caredesk/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { facilities, organisations, plans, staff, subscriptions, wallets } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';

export const TEST_PASSWORD = 'Test@pass-123';
let passwordHash: Promise<string> | undefined;

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 12)}@test.example`;
}

export interface StaffFixture {
  id: string;
  email: string;
  role: StaffRole;
}

export interface OrganisationFixture {
  id: string;
  name: string;
  admin: StaffFixture;
  worker: StaffFixture;
}

export interface OrganisationOptions {
  type?: OrganisationType;
  walletPaise?: number;
  /** Days from now the plan ends; negative for a lapsed plan; undefined for no plan. */
  planEndsInDays?: number;
  workerActive?: boolean;
}

/** A new organisation with one admin and one worker, unique e-mails, so tests never collide. */
export async function createOrganisation(db: Db, options: OrganisationOptions = {}): Promise<OrganisationFixture> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const hash = await passwordHash;
  const name = `Test Clinic ${randomUUID().slice(0, 8)}`;
  const [organisation] = await db
    .insert(organisations)
    .values({ name, email: uniqueEmail('org'), type: options.type ?? 'HOSPITAL' })
    .returning({ id: organisations.id });
  const organisationId = organisation!.id;
  await db.insert(facilities).values({ organisationId, name });
  const [admin, worker] = await db
    .insert(staff)
    .values([
      { organisationId, name: 'Asha Admin', email: uniqueEmail('admin'), role: 'ADMIN', passwordHash: hash },
      { organisationId, name: 'Wasim Worker', email: uniqueEmail('worker'), role: 'WORKER', passwordHash: hash, active: options.workerActive ?? true },
    ])
    .returning({ id: staff.id, email: staff.email, role: staff.role });
  if (options.walletPaise !== undefined) await db.insert(wallets).values({ organisationId, balancePaise: options.walletPaise });
  if (options.planEndsInDays !== undefined) {
    const [plan] = await db.insert(plans).values({ name: 'Test Plan', pricePaise: 100, durationDays: 365 }).returning({ id: plans.id });
    const day = 24 * 60 * 60 * 1000;
    const endsAt = new Date(Date.now() + options.planEndsInDays * day);
    await db.insert(subscriptions).values({ organisationId, planId: plan!.id, startsAt: new Date(endsAt.getTime() - 365 * day), endsAt });
  }
  return { id: organisationId, name, admin: admin!, worker: worker! };
}

export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<SignInResponse> {
  const response = await app.inject({ method: 'POST', url: '/api/admin/auth', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<SignInResponse>();
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
