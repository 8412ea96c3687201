import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteOptions } from '../../db/client.js';
import { migrationsFolder } from '../../db/migrate.js';

/** The migrations before UHIDs (0000-0015), as their own folder: a database as it was. */
async function foldersBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'caredesk-before-uhid-'));
  await mkdir(join(folder, 'meta'));
  const journal = JSON.parse(await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(cut).toBeGreaterThan(0);
  await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  for (const file of await readdir(migrationsFolder)) if (file.endsWith('.sql')) await copyFile(join(migrationsFolder, file), join(folder, file));
  return folder;
}

describe('migration 0016: existing patients get UHIDs', () => {
  let client: PGlite;
  let before: string;

  beforeAll(async () => {
    before = await foldersBefore('0016_patient_uhid_abha');
    client = await PGlite.create(pgliteOptions());
  });
  afterAll(async () => {
    await client.close();
    await rm(before, { recursive: true, force: true });
  });

  it('numbers each organisation’s patients from 1 in the order they registered, then counts on from there', async () => {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    const { rows: orgs } = await client.query<{ id: string }>(
      `insert into organisations (name, email, type) values ('Sanjeevani Hospital', 'a@example.test', 'HOSPITAL'), ('Care 24x7', 'b@example.test', 'HOSPITAL') returning id`,
    );
    const [sanjeevani, care] = orgs.map((org) => org.id) as [string, string];
    // Inserted out of registration order.
    for (const [organisationId, name, createdAt] of [
      [sanjeevani, 'Third', '2025-03-01T10:00:00Z'],
      [sanjeevani, 'First', '2024-01-01T10:00:00Z'],
      [care, 'Only', '2025-01-01T10:00:00Z'],
      [sanjeevani, 'Second', '2024-06-01T10:00:00Z'],
    ]) {
      await client.query(
        `insert into patients (organisation_id, name, name_key, phone, phone_digits, gender, created_at, updated_at) values ($1, $2, lower($2), '+919800000000', '919800000000', 'FEMALE', $3, $3)`,
        [organisationId, name, createdAt],
      );
    }

    await migrate(db, { migrationsFolder });
    const { rows } = await client.query<{ name: string; uhid: string }>(`select name, uhid from patients order by uhid`);
    expect(rows).toEqual([
      { name: 'Only', uhid: 'CAR-000001' },
      { name: 'First', uhid: 'SAN-000001' },
      { name: 'Second', uhid: 'SAN-000002' },
      { name: 'Third', uhid: 'SAN-000003' },
    ]);
    const { rows: next } = await client.query<{ uhid: string }>(
      `insert into patients (organisation_id, name, name_key, phone, phone_digits, gender) values ($1, 'Fourth', 'fourth', '+919800000001', '919800000001', 'MALE') returning uhid`,
      [sanjeevani],
    );
    expect(next).toEqual([{ uhid: 'SAN-000004' }]);
  });
});
