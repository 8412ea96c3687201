import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, TestInfo } from '@playwright/test';
import { awayFromOrganisationMidnight, organisationDay } from './support/dates.ts';
import { SERVER_LOG_ENV } from './support/env.ts';
import { uniqueSuffix } from './support/files.ts';
import { expect, signIn, test, type Page } from './support/fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { codeFromServerLog } from './support/patient-app.ts';
import { staffApiWith, type StaffApi } from './support/staff.ts';

type Language = 'en' | 'hi' | 'kn' | 'ta';

interface Organisation {
  api: StaffApi;
  email: string;
  password: string;
}

/**
 * A hospital of its own, signed up through the API as at /new (phone, texted code, organisation
 * and admin), whose admin then sets its default language in Settings → Messages: the demo
 * organisations are shared with every other spec, which must keep English.
 */
async function hospitalIn(request: APIRequestContext, language: Language): Promise<Organisation> {
  const phone = `+919${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const offset = readFileSync(process.env[SERVER_LOG_ENV]!, 'utf8').length;
  const sent = await request.post('/api/sms/user', { data: { phone } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const otp = await codeFromServerLog(phone, offset);
  const verified = await request.post('/api/auth/login', { data: { phone, otp } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const { tempAccessToken } = (await verified.json()) as { tempAccessToken: string };
  const suffix = uniqueSuffix();
  const email = `display-${language}-${suffix}@languages.e2e.test`;
  const password = `Wall-Screen-${suffix}-7`;
  const created = await request.post('/api/onboarding', {
    headers: { authorization: `Bearer ${tempAccessToken}` },
    data: {
      organisation: { name: `Sevasadan ${language} ${suffix}`, type: 'HOSPITAL', email: `desk-${language}-${suffix}@languages.e2e.test` },
      admin: { name: 'Anita Desai', email, password },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const api = staffApiWith(request, ((await created.json()) as { access_token: string }).access_token);
  await api.patch('/api/messages/settings', { defaultLanguage: language });
  return { api, email, password };
}

/** A doctor seeing patients all day, with one patient checked in today (the queue's first token). */
async function doctorWithPatient(api: StaffApi, doctorName: string) {
  const availability = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:59' }));
  const doctor = await api.post('/api/doctors', {
    name: doctorName,
    specialization: 'General Medicine',
    consultationFeePaise: 40000,
    slotMinutes: 5,
    patientsPerSlot: 1,
    tokenPrefix: 'A',
    room: 'Room 4',
    availability,
  });
  await checkIn(api, doctor.id);
  return doctor;
}

async function checkIn(api: StaffApi, doctorId: string) {
  const patient = await api.post('/api/patients', { name: `Display Patient ${uniqueSuffix()}`, phone: `96${String(Date.now()).slice(-8)}`, gender: 'FEMALE' });
  const today = organisationDay();
  const { slots } = await api.get<{ slots: { start: string }[] }>(`/api/doctors/${doctorId}/slots?date=${today}`);
  expect(slots.length, 'a free slot left today').toBeGreaterThan(0);
  const appointment = await api.post('/api/appointments', { doctorId, patientId: patient.id, date: today, startTime: slots[0]!.start });
  await api.post(`/api/appointments/${appointment.id}/actions/check-in`);
}

/**
 * This device's voices: English (India) and Hindi, no Kannada or Tamil — as many Android TVs
 * and Chrome installs have. The page's utterances are kept in window.spoken.
 */
async function deviceVoices(page: Page) {
  await page.addInitScript(() => {
    const voices = [
      { name: 'Rishi', lang: 'en-IN', voiceURI: 'Rishi', default: true, localService: true },
      { name: 'Lekha', lang: 'hi-IN', voiceURI: 'Lekha', default: false, localService: true },
    ];
    const events = new EventTarget();
    const spoken: { text: string; lang: string; voice: string | null }[] = [];
    class Utterance {
      lang = '';
      voice: { name: string } | null = null;
      rate = 1;
      constructor(readonly text: string) {}
    }
    Object.assign(window, { spoken, SpeechSynthesisUtterance: Utterance });
    Object.defineProperty(window, 'speechSynthesis', {
      configurable: true,
      value: {
        getVoices: () => [...voices],
        speak: (utterance: Utterance) => spoken.push({ text: utterance.text, lang: utterance.lang, voice: utterance.voice?.name ?? null }),
        cancel: () => undefined,
        addEventListener: events.addEventListener.bind(events),
        removeEventListener: events.removeEventListener.bind(events),
      },
    });
  });
}

/** Every Indian script's face the page has fetched ('noto-sans-devanagari', 'noto-sans-kannada', …). */
function scriptFonts(page: Page): Set<string> {
  const families = new Set<string>();
  page.on('request', (request) => {
    const family = /(noto-sans-[a-z]+)/.exec(request.url())?.[1];
    if (family && /\.woff2(\?|$)/.test(request.url())) families.add(family);
  });
  return families;
}

/** Each script's self-hosted face, as its files are named. */
const fontOf = { en: null, hi: 'noto-sans-devanagari', kn: 'noto-sans-kannada', ta: 'noto-sans-tamil' } as const;

const display = {
  hi: { nowServing: 'वर्तमान टोकन', next: 'अगला:', call: (place: string) => `टोकन A-002: कृपया ${place} पर जाएँ`, font: 'Noto Sans Devanagari' },
  kn: { nowServing: 'ಪ್ರಸ್ತುತ ಟೋಕನ್', next: 'ಮುಂದಿನದು:', call: (place: string) => `ಟೋಕನ್ A-002: ದಯವಿಟ್ಟು ${place} ಬಳಿ ಹೋಗಿ`, font: 'Noto Sans Kannada' },
  ta: { nowServing: 'தற்போதைய டோக்கன்', next: 'அடுத்தது:', call: (place: string) => `டோக்கன் A-002: தயவுசெய்து ${place} இடத்திற்குச் செல்லவும்`, font: 'Noto Sans Tamil' },
} as const;

for (const language of ['hi', 'kn'] as const) {
  const words = display[language];
  const name = { hi: 'Hindi', kn: 'Kannada' }[language];
  test(`a ${name}-default organisation's waiting-room display shows a call in English and ${name}; its settings name the voice (1440 and 375px)`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await awayFromOrganisationMidnight();
    const organisation = await hospitalIn(request, language);
    const doctorName = `Dr. Meera Joshi ${uniqueSuffix()}`;
    const doctor = await doctorWithPatient(organisation.api, doctorName);
    const place = `${doctorName}, Room 4`;
    await deviceVoices(page);
    const fonts = scriptFonts(page);
    // The admin's console stays in English: the wall screen's languages are the organisation's.
    await signIn(page, organisation.email, organisation.password);

    await page.goto('/appointments/token');
    await expect(page.getByRole('heading', { name: 'Appointment tokens', level: 1 })).toBeVisible();
    const plan = page.getByTestId('voice-plan');
    await expect(plan).toHaveText('Announcements in English: voice Rishi');
    await page.getByRole('combobox', { name: 'Announcement language' }).click();
    await page.getByRole('option', { name: language === 'hi' ? 'हिन्दी (Hindi)' : 'ಕನ್ನಡ (Kannada)' }).click();
    await expect(plan).toHaveText(language === 'hi' ? 'Announcements in Hindi: voice Lekha' : 'No Kannada voice on this device: announcements in English');
    // The list fades out over the header: axe measuring contrast through it would find the clock faint.
    await expect(page.getByRole('listbox')).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/appointments/token?display=1');
    const screen = page.getByRole('region', { name: 'Waiting room display' });
    await expect(screen.getByRole('heading', { level: 1 })).toHaveText(`Now serving${words.nowServing}`);
    const tile = screen.getByRole('region', { name: doctorName });
    await expect(tile.getByText(words.nowServing)).toHaveAttribute('lang', language);
    await expect.poll(() => page.evaluate((font) => document.fonts.check(`16px "${font[0]}"`, font[1]), [words.font, words.nowServing] as const)).toBe(true);
    // The organisation's script only: the English console asked for none before the display.
    await expect.poll(() => [...fonts]).toEqual([fontOf[language]]);

    // The desk calls the first patient; a second checks in and is called after them.
    await organisation.api.post(`/api/tokens/doctors/${doctor.id}/actions/call-next`);
    await expect(tile.getByTestId('display-token')).toHaveText('A-001', { timeout: 10_000 });
    await checkIn(organisation.api, doctor.id);
    await expect(tile).toContainText('Next: A-002', { timeout: 10_000 });
    await expect(tile).toContainText(`${words.next} A-002`);
    await organisation.api.post(`/api/tokens/doctors/${doctor.id}/actions/call-next`);
    const call = tile.getByTestId('display-call');
    await expect(call).toContainText(`Token A-002: please go to ${place}`, { timeout: 10_000 });
    await expect(call.getByText(words.call(place))).toHaveAttribute('lang', language);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { spoken: unknown[] }).spoken.at(-1)))
      .toEqual(
        language === 'hi'
          ? { text: `टोकन A 0 0 2, कृपया ${place} पर आएँ`, lang: 'hi-IN', voice: 'Lekha' }
          : { text: `Token A 0 0 2, please go to ${place}`, lang: 'en-IN', voice: 'Rishi' },
      );
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(tile.getByText(words.nowServing)).toBeVisible();
    await expect(call).toBeVisible();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

/** A screenshot kept with the test's results (not compared: fonts differ from machine to machine). */
async function keep(page: Page, testInfo: TestInfo, name: string) {
  const body = await page.screenshot({ fullPage: true });
  await testInfo.attach(name, { body, contentType: 'image/png' });
  await mkdir(testInfo.outputDir, { recursive: true });
  await writeFile(join(testInfo.outputDir, `${name}.png`), body);
}

const shell = {
  en: { navigation: 'Main navigation', menu: 'Menu', dashboard: 'Dashboard', doctors: 'Doctors', account: 'Account' },
  hi: { navigation: 'मुख्य नेविगेशन', menu: 'मेनू', dashboard: 'डैशबोर्ड', doctors: 'डॉक्टर', account: 'खाता' },
  kn: { navigation: 'ಮುಖ್ಯ ನ್ಯಾವಿಗೇಶನ್', menu: 'ಮೆನು', dashboard: 'ಡ್ಯಾಶ್‌ಬೋರ್ಡ್', doctors: 'ವೈದ್ಯರು', account: 'ಖಾತೆ' },
  ta: { navigation: 'முதன்மை வழிசெலுத்தல்', menu: 'மெனு', dashboard: 'டாஷ்போர்டு', doctors: 'மருத்துவர்கள்', account: 'கணக்கு' },
} as const;

for (const language of ['en', 'hi', 'kn', 'ta'] as const) {
  test(`screenshots in ${language}: the dashboard and the waiting-room display, with only that script's font fetched`, async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    await awayFromOrganisationMidnight();
    const organisation = await hospitalIn(request, language);
    await organisation.api.patch('/api/account', { language });
    const doctorName = `Dr. Kavya Rao ${uniqueSuffix()}`;
    const doctor = await doctorWithPatient(organisation.api, doctorName);
    await organisation.api.post(`/api/tokens/doctors/${doctor.id}/actions/call-next`);
    const fonts = scriptFonts(page);
    await signIn(page, organisation.email, organisation.password);

    const words = shell[language];
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('banner').getByRole('button', { name: words.account })).toBeVisible();
    await expect(page.getByRole('navigation', { name: words.navigation }).first().getByRole('link', { name: words.dashboard })).toBeVisible();
    await expect(page.getByRole('navigation', { name: words.navigation }).first().getByRole('link', { name: words.doctors })).toBeVisible();
    // The dashboard's own texts are being translated beside this work: its heading is in the
    // language, or still in English until then.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^(${words.dashboard}|Dashboard)$`));
    await page.evaluate(() => document.fonts.ready);
    await keep(page, testInfo, `dashboard-${language}`);

    await page.goto('/appointments/token?display=1');
    const screen = page.getByRole('region', { name: 'Waiting room display' });
    const tile = screen.getByRole('region', { name: doctorName });
    await expect(tile.getByTestId('display-token')).toHaveText('A-001');
    if (language === 'en') {
      await expect(screen.getByRole('heading', { level: 1 })).toHaveText('Now serving');
      await expect(screen.locator('[lang]:not([lang="en"])')).toHaveCount(0);
    } else {
      await expect(screen.getByRole('heading', { level: 1 })).toHaveText(`Now serving${display[language].nowServing}`);
      await expect(tile.getByText(display[language].nowServing)).toHaveAttribute('lang', language);
      await expect
        .poll(() => page.evaluate((font) => document.fonts.check(`16px "${font[0]}"`, font[1]), [display[language].font, display[language].nowServing] as const))
        .toBe(true);
    }
    await page.evaluate(() => document.fonts.ready);
    await keep(page, testInfo, `display-${language}`);

    const wanted = fontOf[language];
    expect([...fonts].sort()).toEqual(wanted ? [wanted] : []);
  });
}
