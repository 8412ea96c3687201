import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * What `npm run build` puts in packages/shared/dist, which the server runs from: the schemas and
 * helpers, never their tests. tsconfig.json excludes them and tsconfig.test.json type-checks them
 * (the server's rule, see apps/server/src/test/build-contents.test.ts). This emits the build in
 * memory, and checks a dist/ already on disk too.
 */
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const srcDir = join(packageDir, 'src');
const distDir = join(packageDir, 'dist');
const relativeTo = (dir: string, file: string) => relative(dir, resolve(file)).split(sep).join('/');

/** The naming rule both configs follow: test/**, *.test.*, test-*.* and *-test-*.* (sources or their outputs). */
function isTestCode(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return path.startsWith('test/') || /\.test\.(ts|js|d\.ts|js\.map)$/.test(name) || name.startsWith('test-') || name.includes('-test-');
}

function parseConfig(name: string): ts.ParsedCommandLine {
  const host: ts.ParseConfigFileHost = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  };
  const parsed = ts.getParsedCommandLineOfConfigFile(join(packageDir, name), undefined, host);
  if (!parsed) throw new Error(`${name} could not be read`);
  expect(parsed.errors.map((error) => ts.flattenDiagnosticMessageText(error.messageText, '\n'))).toEqual([]);
  return parsed;
}

function filesUnder(dir: string, ending: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(ending))
    .map((file) => relativeTo(dir, join(dir, file)))
    .sort();
}

describe('the shared package build', () => {
  let build: ts.ParsedCommandLine;
  let test: ts.ParsedCommandLine;
  let emitted: string[];

  beforeAll(() => {
    build = parseConfig('tsconfig.json');
    test = parseConfig('tsconfig.test.json');
    // Everything the build would write, caught before it reaches the disk: the roots and all they
    // import, since an import pulls a file into dist whatever `exclude` says.
    emitted = [];
    const program = ts.createProgram({ rootNames: build.fileNames, options: build.options });
    program.emit(undefined, (fileName) => emitted.push(relativeTo(distDir, fileName)));
  }, 60_000);

  it('emits the entry point and no test file', () => {
    expect(emitted).toEqual(expect.arrayContaining(['index.js', 'index.d.ts', 'calendar.js']));
    expect(emitted.filter(isTestCode)).toEqual([]);
  });

  it('left no test file in a dist/ already built', () => {
    if (!existsSync(distDir)) return;
    // The build script empties dist/ first, so a test file here was built by this config or an older one.
    expect(filesUnder(distDir, '').filter(isTestCode)).toEqual([]);
  });

  it('leaves every source file to exactly one config, so `tsc -b` type-checks it', () => {
    const built = build.fileNames.map((file) => relativeTo(srcDir, file));
    const checked = test.fileNames.map((file) => relativeTo(srcDir, file));
    expect(checked.filter((path) => !isTestCode(path))).toEqual([]);
    expect(built.filter((path) => checked.includes(path))).toEqual([]);
    expect([...built, ...checked].sort()).toEqual(filesUnder(srcDir, '.ts'));
    expect(test.options.noEmit).toBe(true);
  });
});
