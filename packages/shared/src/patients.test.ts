import { afterEach, describe, expect, it, vi } from 'vitest';
import { latestDateOnEarth, patientInputSchema } from './patients.js';

const patient = { name: 'Asha Verma', phone: '+919812345678', gender: 'FEMALE' } as const;

describe('date of birth', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes a baby born today in India just after midnight, while UTC is still on yesterday', () => {
    // 00:05 IST on 1 June is 18:35 UTC on 31 May.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-01T00:05:00+05:30') });
    expect(patientInputSchema.safeParse({ ...patient, dateOfBirth: '2026-06-01' }).success).toBe(true);
  });

  it('refuses a date after the latest today anywhere on Earth', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-01T00:05:00+05:30') });
    const result = patientInputSchema.safeParse({ ...patient, dateOfBirth: '2026-06-02' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['dateOfBirth'], message: 'Date of birth cannot be in the future' });
  });

  it('knows the latest date is UTC+14', () => {
    expect(latestDateOnEarth(new Date('2026-05-31T09:59:59Z'))).toBe('2026-05-31');
    expect(latestDateOnEarth(new Date('2026-05-31T10:00:00Z'))).toBe('2026-06-01');
  });
});
