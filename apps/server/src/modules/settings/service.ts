import type { OrganisationProfile, OrganisationUpdate } from '@caredesk/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { facilities, organisations } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { changeOrganisationSlug } from './slugs.js';

export async function getOrganisationProfile(db: Db, organisationId: string): Promise<OrganisationProfile> {
  const [organisation] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
  if (!organisation) throw new NotFoundError();
  const branches = await db
    .select({ id: facilities.id, name: facilities.name, address: facilities.address, phone: facilities.phone })
    .from(facilities)
    .where(eq(facilities.organisationId, organisationId))
    .orderBy(asc(facilities.createdAt), asc(facilities.name));
  return {
    id: organisation.id,
    name: organisation.name,
    email: organisation.email,
    phone: organisation.phone,
    type: organisation.type,
    logoUrl: organisation.logoUrl,
    address: organisation.address,
    city: organisation.city,
    state: organisation.state,
    pincode: organisation.pincode,
    timeZone: organisation.timeZone,
    showWallet: organisation.showWallet,
    inactivityMinutes: organisation.inactivityMinutes,
    uhidPrefix: organisation.uhidPrefix,
    slug: organisation.slug,
    createdAt: organisation.createdAt.toISOString(),
    facilities: branches,
  };
}

/**
 * Changes only the fields sent. The logo is the organisation's (SPEC.md's admin.logoUrl), so
 * GET /api/me and every next sign-in carry it; the type is fixed at onboarding.
 */
export async function updateOrganisationProfile(db: Db, organisationId: string, changes: OrganisationUpdate): Promise<OrganisationProfile> {
  const { slug, ...values } = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as OrganisationUpdate;
  // One transaction: a taken slug leaves the other fields sent unchanged too.
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ slug: organisations.slug }).from(organisations).where(eq(organisations.id, organisationId)).for('update');
    if (!current) throw new NotFoundError();
    if (Object.keys(values).length > 0) await tx.update(organisations).set(values).where(eq(organisations.id, organisationId));
    if (slug !== undefined && slug !== current.slug) await changeOrganisationSlug(tx, organisationId, slug);
  });
  return getOrganisationProfile(db, organisationId);
}
