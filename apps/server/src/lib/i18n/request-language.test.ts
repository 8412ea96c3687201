import { randomUUID } from 'node:crypto';
import type { ErrorBody } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addDoctor, createOrganisation, doctorInput, patientInput, signIn, staffClients, uniquePhone, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';

describe.each(drivers)('replies in the request’s language (%s)', (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  /** The admin reads the console in Hindi; the worker keeps English. */
  let hindi: ApiClient;
  let english: ApiClient;

  beforeAll(async () => {
    org = await createOrganisation(t.database.db);
    const clients = await staffClients(t.app, org);
    hindi = clients.admin;
    english = clients.worker;
    const saved = await hindi.patch('/api/account', { language: 'hi' });
    expect(saved.statusCode).toBe(200);
  });

  it('answers a 404 in the staff member’s saved language, and English as before', async () => {
    const missing = `/api/patients/${randomUUID()}`;
    const inHindi = await hindi.get(missing);
    expect(inHindi.statusCode).toBe(404);
    expect(inHindi.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'मरीज़ नहीं मिला' });
    const inEnglish = await english.get(missing);
    expect(inEnglish.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Patient not found' });
  });

  it('names the same field of a 400 and translates its text, before authentication has run', async () => {
    const payload = patientInput({ name: 'A', phone: '12345' });
    const inHindi = await hindi.post('/api/patients', payload);
    expect(inHindi.statusCode).toBe(400);
    const body = inHindi.json<ErrorBody>();
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'मरीज़ का नाम दर्ज करें' },
        { path: 'phone', message: 'मान्य फ़ोन नंबर दर्ज करें, जैसे +91 98765 43210' },
      ]),
    );
    expect(body.message).toBe(`${body.issues![0]!.path}: ${body.issues![0]!.message}`);

    const inEnglish = await english.post('/api/patients', payload);
    expect(inEnglish.json<ErrorBody>().issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Enter the patient’s name' },
        { path: 'phone', message: 'Enter a valid phone number, e.g. +91 98765 43210' },
      ]),
    );
  });

  it('words every text of the shared patient schema in the request’s language, and English exactly as before', async () => {
    const payload = patientInput({ name: 'A', email: 'not-an-address', dateOfBirth: '2999-01-01', abhaNumber: '91-1234', abhaAddress: 'x@gmail', ageYears: 1.5 });
    const inHindi = await t.app.inject({ method: 'POST', url: '/api/patients', headers: { ...(await bearerOf(org.admin.email)), 'accept-language': 'hi' }, payload });
    expect(inHindi.statusCode).toBe(400);
    expect(inHindi.json<ErrorBody>().issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'मरीज़ का नाम दर्ज करें' },
        { path: 'email', message: 'मान्य ई-मेल पता दर्ज करें' },
        { path: 'dateOfBirth', message: 'जन्म तिथि भविष्य में नहीं हो सकती' },
        { path: 'ageYears', message: 'उम्र पूरे वर्षों में दर्ज करें' },
        { path: 'abhaNumber', message: 'ABHA नंबर 14 अंकों का होता है, जैसे 91-1234-5678-9012' },
        { path: 'abhaAddress', message: 'ABHA पता name.surname@abdm जैसा लिखें (@abdm या @sbx से पहले 8–18 अक्षर या अंक)' },
      ]),
    );

    const inEnglish = await english.post('/api/patients', payload);
    expect(inEnglish.json<ErrorBody>().issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Enter the patient’s name' },
        { path: 'email', message: 'Enter a valid e-mail address' },
        { path: 'dateOfBirth', message: 'Date of birth cannot be in the future' },
        { path: 'ageYears', message: 'Enter the age in whole years' },
        { path: 'abhaNumber', message: 'An ABHA number has 14 digits, e.g. 91-1234-5678-9012' },
        { path: 'abhaAddress', message: 'Use an ABHA address like name.surname@abdm (8–18 letters or digits before @abdm or @sbx)' },
      ]),
    );
  });

  it('fills a shared text’s values from the English its schema built', async () => {
    const payload = { currentPassword: '', newPassword: 'abc' };
    const inHindi = await hindi.post('/api/account/password', payload);
    expect(inHindi.statusCode).toBe(400);
    expect(inHindi.json<ErrorBody>().issues).toEqual(
      expect.arrayContaining([
        { path: 'currentPassword', message: 'अपना मौजूदा पासवर्ड दर्ज करें' },
        { path: 'newPassword', message: 'कम से कम 8 अक्षर लिखें' },
        { path: 'newPassword', message: 'कम से कम एक अंक शामिल करें' },
      ]),
    );
    expect(inHindi.json<ErrorBody>().issues).not.toContainEqual(expect.objectContaining({ message: expect.stringMatching(/[A-Za-z]{4}/) }));
    const inEnglish = await english.post('/api/account/password', payload);
    expect(inEnglish.json<ErrorBody>().issues).toEqual(expect.arrayContaining([{ path: 'newPassword', message: 'Use at least 8 characters' }]));
  });

  it('translates zod’s own texts with zod’s translations', async () => {
    const { name: _omitted, ...nameless } = patientInput();
    const inHindi = await hindi.post('/api/patients', nameless);
    expect(inHindi.statusCode).toBe(400);
    expect(inHindi.json<ErrorBody>().issues).toEqual([{ path: 'name', message: expect.stringMatching(/^अमान्य इनपुट/) }]);
    const inEnglish = await english.post('/api/patients', nameless);
    expect(inEnglish.json<ErrorBody>().issues).toEqual([{ path: 'name', message: 'Invalid input: expected string, received undefined' }]);
  });

  it('answers a 409 in Hindi, its field named as in English', async () => {
    const phone = uniquePhone();
    await addDoctor(english, { phone });
    const inHindi = await hindi.post('/api/doctors', doctorInput({ phone }));
    expect(inHindi.statusCode).toBe(409);
    const message = 'यह फ़ोन नंबर पहले से किसी दूसरे डॉक्टर का है';
    expect(inHindi.json()).toEqual({ statusCode: 409, error: 'Conflict', message, issues: [{ path: 'phone', message }] });
    const inEnglish = await english.post('/api/doctors', doctorInput({ phone }));
    const englishMessage = 'Another doctor already has this phone number';
    expect(inEnglish.json()).toEqual({ statusCode: 409, error: 'Conflict', message: englishMessage, issues: [{ path: 'phone', message: englishMessage }] });
  });

  it('prefers the saved language to the header the console sends', async () => {
    const response = await t.app.inject({ url: `/api/patients/${randomUUID()}`, headers: { ...(await bearerOf(org.admin.email)), 'accept-language': 'ta' } });
    expect(response.json<ErrorBody>().message).toBe('मरीज़ नहीं मिला');
  });

  it('speaks a newly saved language at once', async () => {
    const { access_token } = await signIn(t.app, org.worker.email);
    const headers = { authorization: `Bearer ${access_token}` };
    const missing = `/api/patients/${randomUUID()}`;
    expect((await t.app.inject({ url: missing, headers })).json<ErrorBody>().message).toBe('Patient not found');
    const saved = await t.app.inject({ method: 'PATCH', url: '/api/account', headers, payload: { language: 'ta' } });
    expect(saved.statusCode).toBe(200);
    expect((await t.app.inject({ url: missing, headers })).json<ErrorBody>().message).toBe('நோயாளர் கிடைக்கவில்லை');
    await t.app.inject({ method: 'PATCH', url: '/api/account', headers, payload: { language: 'en' } });
  });

  it('answers sign-in’s own errors in Kannada by Accept-Language, without a session, and in English without it', async () => {
    const wrong = { email: org.admin.email, password: 'not-the-password-1' };
    const kannada = await t.app.inject({ method: 'POST', url: '/api/admin/auth', headers: { 'accept-language': 'kn-IN,kn;q=0.9,en;q=0.5' }, payload: wrong });
    expect(kannada.statusCode).toBe(401);
    expect(kannada.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'ಇ-ಮೇಲ್ ಅಥವಾ ಪಾಸ್‌ವರ್ಡ್ ತಪ್ಪಾಗಿದೆ' });
    const invalid = await t.app.inject({ method: 'POST', url: '/api/admin/auth', headers: { 'accept-language': 'kn' }, payload: { email: 'not-an-address', password: '' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<ErrorBody>().issues).toEqual([
      { path: 'email', message: 'ಮಾನ್ಯ ಇ-ಮೇಲ್ ವಿಳಾಸವನ್ನು ನಮೂದಿಸಿ' },
      { path: 'password', message: 'ನಿಮ್ಮ ಪಾಸ್‌ವರ್ಡ್ ನಮೂದಿಸಿ' },
    ]);
    expect(invalid.json<ErrorBody>().message).toBe('email: ಮಾನ್ಯ ಇ-ಮೇಲ್ ವಿಳಾಸವನ್ನು ನಮೂದಿಸಿ');
    const plain = await t.app.inject({ method: 'POST', url: '/api/admin/auth', payload: wrong });
    expect(plain.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Incorrect e-mail or password' });
    const other = await t.app.inject({ method: 'POST', url: '/api/admin/auth', headers: { 'accept-language': 'fr-FR' }, payload: wrong });
    expect(other.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Incorrect e-mail or password' });
  });

  it('answers a 401 without a token in the header’s language', async () => {
    const response = await t.app.inject({ url: '/api/account', headers: { 'accept-language': 'ta' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'தொடர உள்நுழையவும்' });
  });

  async function bearerOf(email: string): Promise<{ authorization: string }> {
    const { access_token } = await signIn(t.app, email);
    return { authorization: `Bearer ${access_token}` };
  }
});
