import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteOptions } from '../../db/client.js';
import { migrationsFolder } from '../../db/migrate.js';

/** The migrations before staff had a language, as their own folder: a database as it was. */
async function folderBeforeStaffLanguage(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'caredesk-before-staff-language-'));
  await mkdir(join(folder, 'meta'));
  const journal = JSON.parse(await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag.endsWith('_staff_language'));
  expect(cut).toBeGreaterThan(0);
  await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  for (const file of await readdir(migrationsFolder)) if (file.endsWith('.sql')) await copyFile(join(migrationsFolder, file), join(folder, file));
  return folder;
}

describe('the staff language migration', () => {
  let client: PGlite;
  let before: string;

  beforeAll(async () => {
    before = await folderBeforeStaffLanguage();
    client = await PGlite.create(pgliteOptions());
  });
  afterAll(async () => {
    await client.close();
    await rm(before, { recursive: true, force: true });
  });

  it("gives existing staff their organisation's default language, English where none was set, and admits kn and ta", async () => {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    const { rows: orgs } = await client.query<{ id: string; name: string }>(
      `insert into organisations (name, email, type, slug) values ('Lucknow Care', 'l@example.test', 'HOSPITAL', 'lucknow-care'), ('Pune Scans', 'p@example.test', 'SCAN', 'pune-scans') returning id::text, name`,
    );
    const [lucknow, pune] = [orgs.find((org) => org.name === 'Lucknow Care')!, orgs.find((org) => org.name === 'Pune Scans')!];
    await client.query(`insert into message_settings (organisation_id, settings) values ($1, '{"defaultLanguage":"hi"}')`, [lucknow.id]);
    await client.query(
      `insert into staff (organisation_id, name, email, password_hash, role) values ($1, 'Lata', 'lata@example.test', 'x', 'ADMIN'), ($2, 'Prakash', 'prakash@example.test', 'x', 'WORKER')`,
      [lucknow.id, pune.id],
    );

    await migrate(db, { migrationsFolder });
    const { rows } = await client.query<{ name: string; language: string }>(`select name, language::text from staff order by name`);
    expect(rows).toEqual([
      { name: 'Lata', language: 'hi' },
      { name: 'Prakash', language: 'en' },
    ]);
    const { rows: values } = await client.query<{ value: string }>(`select unnest(enum_range(null::message_language))::text as value`);
    expect(values.map((row) => row.value)).toEqual(['en', 'hi', 'kn', 'ta']);
  });
});
