import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const RULE = 'lingui/no-unlocalized-strings';

/** The repository's own lint config on `source`, as if it were the file at `path`. */
async function lintAs(path: string, source: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: root }).lintText(source, { filePath: join(root, path) });
  const lines = source.split('\n');
  const offset = (line: number, column: number) => lines.slice(0, line - 1).join('\n').length + (line > 1 ? 1 : 0) + column - 1;
  // The text each report covers: the literal or the JSX text it found.
  return result!.messages
    .filter((message) => message.ruleId === RULE)
    .map((message) => source.slice(offset(message.line, message.column), offset(message.endLine!, message.endColumn!)).trim());
}

const extracted = `import Button from '@mui/material/Button';
import { useT } from '../../i18n/use-t';

export function Example() {
  const t = useT();
  return (
    <Button variant="contained" aria-label={t('header.menu')} sx={{ display: 'flex' }}>
      {t('signIn.submit')}
    </Button>
  );
}
`;

const hardCoded = `import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';

export function Example() {
  return (
    <>
      <TextField label="Email address" variant="outlined" />
      <Button variant="contained" aria-label="Open the menu">
        Sign in
      </Button>
    </>
  );
}
`;

// ESLint with type information for the console: a cold start is slow on a busy machine.
describe('the lint rule against hard-coded text in the console', { timeout: 120_000 }, () => {
  it('fails a text written in the JSX of an extracted file, in the element or a label', async () => {
    expect(await lintAs('apps/web/src/layouts/dashboard/header.tsx', hardCoded)).toEqual(['"Email address"', '"Open the menu"', 'Sign in']);
  });

  it('passes texts that come from the catalogues, and the code strings around them', async () => {
    expect(await lintAs('apps/web/src/layouts/dashboard/header.tsx', extracted)).toEqual([]);
  });

  it('checks every console page, and leaves tests alone', async () => {
    expect(await lintAs('apps/web/src/features/doctors/components/doctor-form.tsx', hardCoded)).toEqual(['"Email address"', '"Open the menu"', 'Sign in']);
    expect(await lintAs('apps/web/src/features/doctors/doctor-form.test.tsx', hardCoded)).toEqual([]);
  });
});

const patientHardCoded = `export function Example({ onCancel }: { onCancel: () => void }) {
  return (
    <section className="visit-card" aria-label="Your next visit">
      <p>Please arrive ten minutes early</p>
      <button type="button" onClick={onCancel}>
        Cancel visit
      </button>
    </section>
  );
}
`;

const patientExtracted = `import { useT } from '@/i18n/use-t';

export function Example({ onCancel }: { onCancel: () => void }) {
  const t = useT();
  return (
    <section className="visit-card" aria-label={t('visits.title')}>
      <button type="button" onClick={onCancel}>
        {t('cancel.title')}
      </button>
    </section>
  );
}
`;

describe('the same rule in the patient app', { timeout: 120_000 }, () => {
  it('fails a text written in the JSX of a page or component, and leaves tests alone', async () => {
    expect(await lintAs('apps/patient/src/features/visits/components/cancel-visit-dialog.tsx', patientHardCoded)).toEqual([
      '"Your next visit"',
      'Please arrive ten minutes early',
      'Cancel visit',
    ]);
    expect(await lintAs('apps/patient/src/features/visits/components/cancel-visit-dialog.tsx', patientExtracted)).toEqual([]);
    expect(await lintAs('apps/patient/src/features/visits/visits.test.tsx', patientHardCoded)).toEqual([]);
  });
});
