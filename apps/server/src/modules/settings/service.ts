import type { OrganisationProfile } from '@caredesk/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { facilities, organisations } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';

export async function getOrganisationProfile(db: Db, organisationId: string): Promise<OrganisationProfile> {
  const [organisation] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
  if (!organisation) throw new NotFoundError();
  const branches = await db
    .select({ id: facilities.id, name: facilities.name, address: facilities.address, phone: facilities.phone })
    .from(facilities)
    .where(eq(facilities.organisationId, organisationId))
    .orderBy(asc(facilities.createdAt), asc(facilities.name));
  return { ...organisation, createdAt: organisation.createdAt.toISOString(), facilities: branches };
}
