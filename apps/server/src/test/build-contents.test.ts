import { readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * What `npm run build` puts in apps/server/dist: the server, never its tests or their helpers
 * (fake S3, fixtures, sign-in shortcuts, a fixed audit key...). tsconfig.json excludes them and
 * tsconfig.test.json type-checks them; this reads both configs the way tsc does, without building.
 */
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const srcDir = join(serverDir, 'src');
const fromSrc = (file: string) => relative(srcDir, resolve(file)).split(sep).join('/');

/** The naming rule both configs follow: src/test/**, *.test.ts, test-*.ts and *-test-*.ts. */
function isTestCode(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return path.startsWith('test/') || name.endsWith('.test.ts') || name.startsWith('test-') || name.includes('-test-');
}

function parseConfig(name: string): ts.ParsedCommandLine {
  const host: ts.ParseConfigFileHost = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  };
  const parsed = ts.getParsedCommandLineOfConfigFile(join(serverDir, name), undefined, host);
  if (!parsed) throw new Error(`${name} could not be read`);
  expect(parsed.errors.map((error) => ts.flattenDiagnosticMessageText(error.messageText, '\n'))).toEqual([]);
  return parsed;
}

function sourceFiles(dir: string): string[] {
  return (
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .map((file) => fromSrc(join(dir, file)))
      // The message catalogues are built too: lib/i18n imports them and dist carries them.
      .filter((file) => file.endsWith('.ts') || /^i18n\/locales\/[a-z]{2}\.json$/.test(file))
      .sort()
  );
}

/** Every import, export ... from and import() of a parsed file. */
function moduleSpecifiers(file: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('the server build', () => {
  let build: ts.ParsedCommandLine;
  let test: ts.ParsedCommandLine;
  let compiled: ts.SourceFile[];

  beforeAll(() => {
    build = parseConfig('tsconfig.json');
    test = parseConfig('tsconfig.test.json');
    // Parsing and resolving only (no type-check): every file the build would emit, its roots and
    // everything they import, since an import pulls a file into dist whatever `exclude` says.
    const program = ts.createProgram({ rootNames: build.fileNames, options: build.options, projectReferences: build.projectReferences ?? [] });
    compiled = program.getSourceFiles().filter((file) => !fromSrc(file.fileName).startsWith('../'));
  }, 60_000);

  it('compiles the entry points and no test file or helper', () => {
    const paths = compiled.map((file) => fromSrc(file.fileName));
    // package.json's start, audit:verify and backup/restore scripts run these from dist.
    expect(paths).toEqual(expect.arrayContaining(['main.ts', 'modules/audit/audit-verify.ts', 'modules/backups/cli.ts']));
    expect(paths.filter(isTestCode)).toEqual([]);
  });

  it('compiles nothing that uses test tooling, whatever its name', () => {
    const offenders = compiled.flatMap((file) =>
      moduleSpecifiers(file)
        .filter((specifier) => specifier === 'vitest' || (specifier.startsWith('.') && isTestCode(fromSrc(join(file.fileName, '..', specifier)))))
        .map((specifier) => `${fromSrc(file.fileName)} imports ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('leaves every source file to exactly one config, so `tsc -b` type-checks it', () => {
    const built = build.fileNames.map(fromSrc);
    const checked = test.fileNames.map(fromSrc);
    expect(checked.filter((path) => !isTestCode(path))).toEqual([]);
    expect(built.filter((path) => checked.includes(path))).toEqual([]);
    expect([...built, ...checked].sort()).toEqual(sourceFiles(srcDir));
    expect(test.options.noEmit).toBe(true);
  });
});
