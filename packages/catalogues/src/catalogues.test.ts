import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueLanguages, catalogueProblems, placeholders, readCatalogue, readCatalogueArea } from './index.ts';

const apps = {
  console: fileURLToPath(new URL('../../../apps/web/src/i18n/locales', import.meta.url)),
  'patient app': fileURLToPath(new URL('../../../apps/patient/src/i18n/locales', import.meta.url)),
  server: fileURLToPath(new URL('../../../apps/server/src/i18n/locales', import.meta.url)),
  // The shared schemas' validation texts and labels: read by the server, the console and the patient app.
  shared: fileURLToPath(new URL('../../../packages/shared/src/locales', import.meta.url)),
};

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function locales(files: Record<string, Record<string, string>>): string {
  const folder = mkdtempSync(join(tmpdir(), 'catalogues-'));
  folders.push(folder);
  for (const [path, messages] of Object.entries(files)) {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    writeFileSync(join(folder, path), JSON.stringify(messages));
  }
  return folder;
}

describe.each(Object.entries(apps))('the %s catalogues', (_app, folder) => {
  it('have every message in every language, with the same ICU arguments', () => {
    expect(catalogueLanguages(folder)).toEqual(expect.arrayContaining(['en', 'hi']));
    expect(catalogueProblems(folder)).toEqual([]);
  });
});

it('keeps each shared message in the shared catalogue alone: no app or the server says it again under its own id', () => {
  const shared = readCatalogue(apps.shared, 'en');
  for (const folder of [apps.console, apps['patient app'], apps.server]) {
    expect(Object.keys(readCatalogue(folder, 'en')).filter((id) => id in shared)).toEqual([]);
  }
  expect(catalogueLanguages(apps.shared)).toEqual(['en', 'hi', 'kn', 'ta']);
});

describe('catalogue parity', () => {
  it('names a missing message, an extra one and a changed argument', () => {
    const folder = locales({
      'en.json': { greeting: 'Hello {name}', waiting: '{count, plural, one {# patient} other {# patients}}', bye: 'Bye' },
      'hi.json': { greeting: 'नमस्ते {naam}', waiting: '{count, plural, one {# मरीज़} other {# मरीज़}}', extra: 'x' },
    });
    expect(catalogueProblems(folder)).toEqual(['hi: bye is missing', 'hi: greeting has {naam}, en has {name}', 'hi: extra is not in en']);
  });

  it('names a message that is not valid ICU', () => {
    const folder = locales({ 'en.json': { count: '{n, plural, one {# day} other {# days}}' }, 'kn.json': { count: '{n, plural, one {# ದಿನ}' } });
    expect(catalogueProblems(folder)).toEqual([expect.stringMatching(/^kn: count does not parse/)]);
  });

  it('merges a language’s area files, and refuses an id written in two of them', () => {
    const folder = locales({ 'en/shell.json': { a: 'A' }, 'en/settings.json': { b: 'B' }, 'ta/shell.json': { a: 'அ' }, 'ta/settings.json': { b: 'ஆ' } });
    expect(readCatalogue(folder, 'en')).toEqual({ a: 'A', b: 'B' });
    expect(readCatalogueArea(folder, 'ta', 'settings')).toEqual({ b: 'ஆ' });
    expect(() => readCatalogueArea(folder, 'ta', 'billing')).toThrow(/No catalogue area ta\/billing/);
    expect(catalogueProblems(folder)).toEqual([]);
    writeFileSync(join(folder, 'ta/settings.json'), JSON.stringify({ a: 'அ', b: 'ஆ' }));
    expect(() => readCatalogue(folder, 'ta')).toThrow(/a is in both .*settings.json and .*shell.json/);
  });

  it('reads the arguments inside plural branches, not the branch words', () => {
    expect(placeholders('{count, plural, =0 {No one, {name}} one {# left} other {# left}} at {time, time}')).toEqual(['count,plural', 'name', 'time,time']);
  });
});
