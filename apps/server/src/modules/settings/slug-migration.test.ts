import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteOptions } from '../../db/client.js';
import { migrationsFolder } from '../../db/migrate.js';

/** The migrations before online booking, as their own folder: a database as it was. */
async function folderBeforeOnlineBooking(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'caredesk-before-slugs-'));
  await mkdir(join(folder, 'meta'));
  const journal = JSON.parse(await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag.endsWith('_online_booking'));
  expect(cut).toBeGreaterThan(0);
  await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  for (const file of await readdir(migrationsFolder)) if (file.endsWith('.sql')) await copyFile(join(migrationsFolder, file), join(folder, file));
  return folder;
}

describe('the online booking migration: existing organisations get slugs', () => {
  let client: PGlite;
  let before: string;

  beforeAll(async () => {
    before = await folderBeforeOnlineBooking();
    client = await PGlite.create(pgliteOptions());
  });
  afterAll(async () => {
    await client.close();
    await rm(before, { recursive: true, force: true });
  });

  it('makes each name a readable slug, unique, never reserved, and keeps it as the organisation’s', async () => {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    await client.query(
      `insert into organisations (name, email, type, created_at) values
        ('City Care Hospital', 'a@example.test', 'HOSPITAL', '2024-01-01'),
        ('City Care  Hospital!', 'b@example.test', 'HOSPITAL', '2025-01-01'),
        ('Admin', 'c@example.test', 'SCAN', '2024-01-01'),
        ('AB', 'd@example.test', 'SCAN', '2024-01-01')`,
    );
    await migrate(db, { migrationsFolder });
    const { rows } = await client.query<{ name: string; slug: string; id: string }>(`select name, slug, id::text from organisations order by created_at, name`);
    const slugOf = (name: string) => rows.find((row) => row.name === name)!;
    expect(slugOf('City Care Hospital').slug).toBe('city-care-hospital');
    const second = slugOf('City Care  Hospital!');
    expect(second.slug).toBe(`city-care-hospital-${second.id.replaceAll('-', '').slice(0, 8)}`);
    expect(slugOf('Admin').slug).toBe('organisation-admin');
    expect(slugOf('AB').slug).toBe('organisation-ab');
    const { rows: kept } = await client.query<{ n: number }>(
      `select count(*)::int as n from organisation_slugs s join organisations o on o.id = s.organisation_id and o.slug = s.slug`,
    );
    expect(kept).toEqual([{ n: 4 }]);
  });
});
