import { describe, expect, it } from 'vitest';
import { fakeMsg91Keys, startFakeMsg91, type FakeMsg91 } from '../../test/fake-msg91.js';
import { createSmsSender, maskPhone, type SmsLog } from './index.js';

function recordingLog() {
  const lines: { level: 'info' | 'warn'; details: object; message: string }[] = [];
  const log: SmsLog = {
    info: (details, message) => lines.push({ level: 'info', details, message }),
    warn: (details, message) => lines.push({ level: 'warn', details, message }),
  };
  return { log, lines };
}

/** A production server texting through the fake MSG91, with the English sign-in template (and `templates`). */
function msg91Config(fake: FakeMsg91, templates: { MSG91_OTP_TEMPLATE_ID_HI?: string } = {}) {
  return {
    NODE_ENV: 'production',
    SMS_PROVIDER: 'msg91',
    MSG91_AUTH_KEY: fakeMsg91Keys.authKey,
    MSG91_API_BASE: fake.url,
    MSG91_OTP_TEMPLATE_ID: 'CDOTP00001',
    ...templates,
  } as const;
}

describe('SMS adapters', () => {
  it('masks every digit of a phone but the last four', () => {
    expect(maskPhone('+919876543210')).toBe('+********3210');
  });

  it('in development, writes the message (code included) to the log with the phone masked', async () => {
    const { log, lines } = recordingLog();
    await createSmsSender({ NODE_ENV: 'development', SMS_PROVIDER: undefined }, log).send('+919876543210', '482913 is your code');
    expect(lines).toEqual([{ level: 'info', details: { to: '+********3210', text: '482913 is your code' }, message: expect.stringContaining('not sent') }]);
    expect(JSON.stringify(lines)).not.toContain('9876543210');
  });

  it('in production without a provider, warns at start and refuses to send (503) without logging the code', async () => {
    const { log, lines } = recordingLog();
    const sender = createSmsSender({ NODE_ENV: 'production', SMS_PROVIDER: undefined }, log);
    expect(lines).toEqual([expect.objectContaining({ level: 'warn' })]);
    await expect(sender.send('+919876543210', '482913 is your code')).rejects.toMatchObject({ statusCode: 503 });
    expect(JSON.stringify(lines)).not.toContain('482913');
  });

  it('in production, SMS_PROVIDER=log opts in to the log adapter (a staging server)', async () => {
    const { log, lines } = recordingLog();
    await createSmsSender({ NODE_ENV: 'production', SMS_PROVIDER: 'log' }, log).send('+919876543210', '482913 is your code');
    expect(lines[0]?.details).toMatchObject({ text: '482913 is your code' });
  });

  it("in production with SMS_PROVIDER=msg91, sends the code as the DLT template's variable, and a refusal is a 503 that names no code", async () => {
    const fake = await startFakeMsg91({ templates: { CDOTP00001: 1 } });
    try {
      const { log, lines } = recordingLog();
      const sender = createSmsSender(msg91Config(fake), log);
      await sender.send('+919876543210', '482913 is your code', ['482913']);
      expect(fake.requests.map((request) => request.body)).toEqual([{ template_id: 'CDOTP00001', short_url: '0', recipients: [{ mobiles: '919876543210', VAR1: '482913' }] }]);
      fake.failNext(401, { type: 'error', message: 'Authentication failure' });
      await expect(sender.send('+919876543210', '551100 is your code', ['551100'])).rejects.toMatchObject({ statusCode: 503 });
      expect(JSON.stringify(lines)).not.toContain('551100');
      expect(JSON.stringify(lines)).not.toContain('9876543210');
    } finally {
      await fake.close();
    }
  });

  it('texts a code through the template registered in its language, and offers only the languages that have one', async () => {
    const fake = await startFakeMsg91({ templates: { CDOTP00001: 1, CDOTPHI001: 1 } });
    try {
      const sender = createSmsSender(msg91Config(fake, { MSG91_OTP_TEMPLATE_ID_HI: 'CDOTPHI001' }), recordingLog().log);
      expect(sender.languages).toEqual(['en', 'hi']);
      await sender.send('+919876543210', '482913 आपका कोड है', ['482913'], 'hi');
      await sender.send('+919876543210', '551100 is your code', ['551100'], 'en');
      expect(fake.requests.map((request) => (request.body as { template_id: string }).template_id)).toEqual(['CDOTPHI001', 'CDOTP00001']);
    } finally {
      await fake.close();
    }
  });
});
