import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import lingui from 'eslint-plugin-lingui';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The server's modules, read from the folder so that a new module is fenced in the day it lands.
const server = './apps/server/src';
// Read beside this file, not the working directory: tests lint through this config from elsewhere.
const serverModules = readdirSync(new URL(`${server}/modules`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverAreas = ['lib', 'db', 'test', '*.ts'].map((area) => `${server}/${area}`);
function serverZones(publicFiles) {
  return [
    ...serverModules.map((name) => ({
      target: [...serverModules.filter((other) => other !== name).map((other) => `${server}/modules/${other}`), ...serverAreas],
      from: `${server}/modules/${name}`,
      except: publicFiles,
      message: `Import what modules/${name} exposes from its ${publicFiles.join(' or ')}.`,
    })),
    { target: `${server}/lib`, from: `${server}/modules`, message: 'lib/ is below the modules: it never imports one.' },
  ];
}

/**
 * Every user-facing text of the console and the patient app comes from their catalogues (issue
 * #20): a text written in a .tsx's JSX or passed as a label fails the lint. Texts in plain .ts
 * modules (validation messages, toasts) are left to review and the language tests, as the rule
 * cannot tell their texts from their code there.
 */
export const localisedFiles = ['apps/web/src/**/*.tsx', 'apps/patient/src/**/*.tsx'];
const notLocalisedSource = ['apps/*/src/**/*.test.tsx', 'apps/*/src/test/**'];

// Console and patient app alike: features meet only in app/.
const featuresApart = { group: ['**/features/*/**', '../../*/**'], message: 'Features do not import each other; compose them in app/.' };
// notistack's global enqueueSnackbar drops a toast while its provider is not mounted, and a static
// import puts its ~8 KB in the page's chunk graph; components/toast.ts loads it with the first toast.
const toastsThroughHost = {
  name: 'notistack',
  allowTypeImports: true,
  message: "Show toasts through '@/components/toast': it loads notistack with the first toast and keeps toasts asked for before.",
};
const toastHostFiles = ['apps/web/src/components/toast.ts', 'apps/web/src/components/notistack-host.tsx', 'apps/web/src/components/dismissible-toast.tsx'];
const sharedTypesOnly = {
  name: '@caredesk/shared',
  allowTypeImports: true,
  message: 'Import only types from @caredesk/shared here: its values bring zod into the patient bundle.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/drizzle/**',
      'data/**',
      '**/*.config.*',
      'scripts/**',
      'apps/web/public/**',
      'apps/patient/public/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: toastHostFiles,
    rules: { 'no-restricted-imports': ['error', { paths: [toastsThroughHost] }] },
  },
  {
    // Features meet only in the route table: one feature never imports another.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [toastsThroughHost], patterns: [featuresApart] }],
    },
  },
  {
    // The patient app's first page has a 120 KB budget (bench/patient-bundle.ts): a value from
    // @caredesk/shared brings zod and every schema (~35 KB gzip), so only its types come in.
    // Tests never reach the bundle: they may check the app against the shared values.
    files: ['apps/patient/src/**/*.{ts,tsx}'],
    ignores: ['apps/patient/src/features/**', 'apps/patient/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [sharedTypesOnly] }] },
  },
  {
    files: ['apps/patient/src/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [sharedTypesOnly], patterns: [featuresApart] }] },
  },
  {
    files: localisedFiles,
    ignores: notLocalisedSource,
    plugins: { lingui },
    rules: {
      // Text a person reads: JSX text and the attributes below. Everything else a component writes
      // (sx values, variants, ids, paths, roles) is code; useTsTypes lets literals of a union type
      // (MUI's variant="h4") pass, and the texts go through useT's t('message.id'). A camelCase word
      // ('startTime', 'createdAt') is a field or key name, never a text.
      'lingui/no-unlocalized-strings': [
        'error',
        {
          useTsTypes: true,
          ignore: ['^[^A-Z\\s]*$', '^[A-Z][a-zA-Z]*[a-z][A-Z][a-zA-Z]*$', '^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+$', '^#[0-9A-Fa-f]{3,8}$', '^[A-Z]+$'],
          ignoreFunctions: ['t', 'useT', 'Error', 'console.*', 'document.getElementById', 'fileURLToPath', 'URL', 'enqueueSnackbar.*'],
          ignoreNames: [
            { regex: { pattern: '^(className|sx|id|href|to|src|alt|role|lang|variant|component|color|edge|size|fontSize|type|name|autoComplete|position|severity|key)$' } },
            { regex: { pattern: '^aria-(haspopup|controls|current)$' } },
            { regex: { pattern: '^[A-Z0-9_]+$' } },
          ],
        },
      ],
    },
  },
  {
    // One program for the server's source and tests (apps/server/tsconfig.eslint.json): the
    // project service typed the source a second time, behind the tests' project reference.
    files: ['apps/server/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: false, project: './apps/server/tsconfig.eslint.json', tsconfigRootDir: import.meta.dirname } },
  },
  {
    // A server module is used through its index.ts only; lib/ is below every module; no cycles.
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle parses the files it follows: TypeScript's, found behind their .js specifiers.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: {
      // Zones are read from this file's folder, not the working directory: linting from apps/server
      // (a test run there, an editor) fenced nothing.
      'import-x/no-restricted-paths': ['error', { zones: serverZones(['./index.ts']), basePath: import.meta.dirname }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tests may also use another module's test-support.ts (sign-ins, sockets, audit readers),
    // which the build leaves out of dist like every test-*.ts.
    files: ['apps/server/src/test/**/*.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/**/test-*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverZones(['./index.ts', './test-support.ts']), basePath: import.meta.dirname }],
    },
  },
);
