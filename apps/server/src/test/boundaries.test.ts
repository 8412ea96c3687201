import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The server's module boundaries (design.md §10) are kept by lint, so they are only as good as
 * the lint configuration: these lint made-up changes to real files and expect the rules to fire.
 */
const root = fileURLToPath(new URL('../../../..', import.meta.url));
const modulesDir = join(root, 'apps/server/src/modules');

let eslint: ESLint;
beforeAll(() => {
  // The project's configuration, but only its import rules, and so without the TypeScript program
  // the type-aware rules need: building that program for each linted text was most of this
  // file's time, and no import rule reads types (import-x parses the files it follows itself).
  // `project: null` too: with a project and CI=true, typescript-eslint assumes a single run over
  // files as they are on disk, so the made-up import line was never seen and CI alone failed.
  eslint = new ESLint({
    cwd: root,
    ruleFilter: ({ ruleId }) => ruleId.startsWith('import-x/'),
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  });
});

async function boundaryErrors(file: string, prepend: string): Promise<string[]> {
  const path = join(root, file);
  const text = `${prepend}\n${readFileSync(path, 'utf8')}`;
  const [result] = await eslint.lintText(text, { filePath: path });
  return result!.messages.filter((message) => message.ruleId?.startsWith('import-x/')).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('server module boundaries', () => {
  it('gives every module an index.ts, its only door', () => {
    const modules = readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(modules.length).toBeGreaterThan(20);
    expect(modules.filter((entry) => !existsSync(join(modulesDir, entry.name, 'index.ts'))).map((entry) => entry.name)).toEqual([]);
  });

  it('accepts the tree as it is', async () => {
    expect(await boundaryErrors('apps/server/src/modules/dashboard/service.ts', '')).toEqual([]);
  });

  it("fails an import of another module's internal file", async () => {
    const errors = await boundaryErrors('apps/server/src/modules/dashboard/service.ts', "import { postWalletEntry } from '../wallet/ledger.js';\nvoid postWalletEntry;");
    expect(errors).toEqual([expect.stringContaining('import-x/no-restricted-paths: Unexpected path "../wallet/ledger.js"')]);
  });

  it("fails the same from outside the modules, and lets tests use a module's test-support.ts", async () => {
    expect(await boundaryErrors('apps/server/src/app.ts', "import { lockOrder } from './modules/payments/settlement.js';\nvoid lockOrder;")).toEqual([
      expect.stringContaining('no-restricted-paths'),
    ]);
    expect(await boundaryErrors('apps/server/src/modules/chats/chats.test.ts', "import { signInPatient } from '../patient-api/test-support.js';\nvoid signInPatient;")).toEqual([]);
    expect(await boundaryErrors('apps/server/src/modules/chats/service.ts', "import { signInPatient } from '../patient-api/test-support.js';\nvoid signInPatient;")).toEqual([
      expect.stringContaining('no-restricted-paths'),
    ]);
  });

  it('keeps lib/ below the modules', async () => {
    // A cycle too (the wallet's routes use lib/csv), but the message that matters is the layer's.
    expect(await boundaryErrors('apps/server/src/lib/csv.ts', "import { getWallet } from '../modules/wallet/index.js';\nvoid getWallet;")).toContainEqual(
      expect.stringContaining('lib/ is below the modules'),
    );
  });

  it('fails an import cycle between modules, even through index files', async () => {
    // payments is below wallet (wallet's service buys through payments): the reverse closes a loop.
    const errors = await boundaryErrors('apps/server/src/modules/payments/orders.ts', "import { getWallet } from '../wallet/index.js';\nvoid getWallet;");
    expect(errors).toEqual([expect.stringContaining('import-x/no-cycle')]);
  });
});
