import { signInRequestSchema } from '@caredesk/shared';
import { describe, expect, it } from 'vitest';
import { checkSignIn } from './sign-in-check';

const inputs: { email: string; password: string }[] = [
  { email: '', password: '' },
  { email: 'admin@hospital.demo', password: 'Demo@12345' },
  { email: '  Worker@Hospital.DEMO ', password: ' spaced ' },
  { email: 'not-an-email', password: 'x' },
  { email: 'a@b', password: 'x' },
  { email: 'a@b.c', password: 'x' },
  { email: '.a@b.co', password: 'x' },
  { email: 'a..b@c.co', password: 'x' },
  { email: "o'brien+desk@clinic-1.example.in", password: 'x' },
  { email: 'a@-b.co', password: 'x' },
  { email: 'a b@c.co', password: 'x' },
  { email: 'ä@b.co', password: 'x' },
  { email: 'a@b.co', password: 'tab\there' },
  { email: 'a@b.co', password: '\u0085' },
  { email: 'a@b.co', password: '\u0001' },
  { email: 'a@b.co', password: 'x'.repeat(200) },
  { email: 'a@b.co', password: 'x'.repeat(201) },
  { email: 'bad', password: `${'x'.repeat(201)}\u0001` },
];

/** What react-hook-form's zod resolver showed: the first issue of each field. */
function schemaVerdict(input: { email: string; password: string }) {
  const parsed = signInRequestSchema.safeParse(input);
  if (parsed.success) return { errors: {}, request: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { errors };
}

describe('checkSignIn', () => {
  it.each(inputs)('agrees with signInRequestSchema on %j', (input) => {
    expect(checkSignIn(input)).toStrictEqual(schemaVerdict(input));
  });

  it('sends the e-mail trimmed and lower-cased, the password as typed', () => {
    expect(checkSignIn({ email: ' Admin@Hospital.Demo ', password: ' p ' }).request).toEqual({ email: 'admin@hospital.demo', password: ' p ' });
  });

  it('names both missing fields', () => {
    expect(checkSignIn({ email: '', password: '' }).errors).toEqual({ email: 'Enter a valid e-mail address', password: 'Enter your password' });
  });
});
