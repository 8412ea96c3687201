import { randomBytes } from 'node:crypto';
import { SLUG_TAKEN_MESSAGE, slugFromName } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { organisations, organisationSlugs } from '../../db/schema/index.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { ConflictError } from '../../lib/errors.js';

type NewOrganisation = Omit<typeof organisations.$inferInsert, 'slug'>;
type Organisation = typeof organisations.$inferSelect;

const SLUG_CONSTRAINTS = new Set(['organisations_slug_unique', 'organisation_slugs_pkey']);

/** The name's slug, then -2 … -5, then random suffixes: a common name still gets a readable one. */
function* candidates(name: string): Generator<string> {
  const base = slugFromName(name);
  yield base;
  for (let n = 2; n <= 5; n += 1) yield `${base}-${n}`;
  for (let n = 0; n < 5; n += 1) yield `${base}-${randomBytes(3).toString('hex')}`;
}

/**
 * Inserts a new organisation under the first free slug its name suggests, and records the slug
 * as the organisation's for ever (organisation_slugs). Each try runs in a savepoint, so two
 * organisations of one name created at the same moment both succeed: the database's keys decide,
 * not a check before the insert.
 */
export async function insertOrganisationWithSlug(tx: Tx, values: NewOrganisation): Promise<Organisation> {
  for (const slug of candidates(values.name)) {
    const [taken] = await tx.select({ slug: organisationSlugs.slug }).from(organisationSlugs).where(eq(organisationSlugs.slug, slug));
    if (taken) continue;
    try {
      return await tx.transaction(async (savepoint) => {
        const [organisation] = await savepoint
          .insert(organisations)
          .values({ ...values, slug })
          .returning();
        await savepoint.insert(organisationSlugs).values({ slug, organisationId: organisation!.id });
        return organisation!;
      });
    } catch (error) {
      if (!SLUG_CONSTRAINTS.has(uniqueViolation(error) ?? '')) throw error;
    }
  }
  throw new ConflictError(SLUG_TAKEN_MESSAGE, [{ path: 'slug', message: SLUG_TAKEN_MESSAGE }]);
}

/**
 * Makes `slug` the organisation's address. A slug it had before is its own again; one any other
 * organisation has or ever had is refused (409 naming slug), decided by organisation_slugs' key
 * under concurrency. The old slug stays in organisation_slugs and keeps redirecting here.
 */
export async function changeOrganisationSlug(tx: Tx, organisationId: string, slug: string): Promise<void> {
  const claimed = await tx.insert(organisationSlugs).values({ slug, organisationId }).onConflictDoNothing().returning({ slug: organisationSlugs.slug });
  if (claimed.length === 0) {
    const [owner] = await tx.select({ organisationId: organisationSlugs.organisationId }).from(organisationSlugs).where(eq(organisationSlugs.slug, slug));
    if (owner?.organisationId !== organisationId) throw new ConflictError(SLUG_TAKEN_MESSAGE, [{ path: 'slug', message: SLUG_TAKEN_MESSAGE }]);
  }
  await tx.update(organisations).set({ slug }).where(eq(organisations.id, organisationId));
}
