import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { doctorPage, makeDoctor } from '@/test/doctor-fixtures';

let restore: (() => void) | undefined;
// The active language is module state, as in the browser: each test starts in English.
afterEach(async () => {
  restore?.();
  await activateLanguage('en');
});

/** The console for an admin whose account speaks `language`, with the doctor routes given. */
async function openIn(language: 'hi' | 'kn', path: string, routes: Record<string, FakeRoute>) {
  restore = installFakeApi({ ...headerRoutes(), ...routes }).restore;
  await activateLanguage(language);
  storeSession(makeUser('HOSPITAL', 'ADMIN', { language }));
  renderApp(path);
}

describe('the doctors pages in Hindi and Kannada', () => {
  it('lists the doctors in Hindi: heading, add button, filters and column headers', async () => {
    await openIn('hi', '/doctor', { 'GET /doctors': { data: doctorPage([makeDoctor({ name: 'Dr. Arjun Nair' })]) } });
    expect(await screen.findByRole('heading', { name: 'डॉक्टर', level: 1 }, slow)).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'डॉक्टर' });
    expect(await within(grid).findByText('Dr. Arjun Nair')).toBeInTheDocument();
    for (const header of ['नाम', 'विशेषज्ञता', 'फ़ीस', 'स्लॉट', 'स्थिति']) expect(within(grid).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(within(grid).getByText('15 मिनट')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'डॉक्टर जोड़ें' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'विशेषज्ञता' })).toBeInTheDocument();
  });

  it('asks for a new doctor in Kannada: heading, sections, field labels and the schedule', async () => {
    await openIn('kn', '/doctor/new', {});
    expect(await screen.findByRole('heading', { name: 'ವೈದ್ಯರನ್ನು ಸೇರಿಸಿ', level: 1 }, slow)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ಹೆಸರು' })).toBeRequired();
    expect(screen.getByRole('spinbutton', { name: 'ಸಮಾಲೋಚನೆ ಶುಲ್ಕ' })).toBeRequired();
    expect(screen.getByRole('spinbutton', { name: 'ಸ್ಲಾಟ್ ಅವಧಿ (ನಿಮಿಷಗಳು)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ಟೋಕನ್ ಪೂರ್ವಪ್ರತ್ಯಯ' })).toHaveAccessibleDescription('ಐಚ್ಛಿಕ: ಟೋಕನ್‌ಗಳು A-007 ಹಾಗೆ ಕಾಣುತ್ತವೆ');
    expect(screen.getByRole('switch', { name: 'ಸಕ್ರಿಯ (ಅಪಾಯಿಂಟ್‌ಮೆಂಟ್ ತೆಗೆದುಕೊಳ್ಳುತ್ತಾರೆ)' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'ಸೋಮವಾರ ದಿನಕ್ಕೆ ಸಮಯ ಸೇರಿಸಿ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ರಜೆಯ ದಿನಾಂಕ ಸೇರಿಸಿ' })).toBeDisabled();
  });

  it("shows a doctor's details and schedule in Hindi", async () => {
    const doctor = makeDoctor({
      name: 'Dr. Leela Das',
      slotMinutes: 30,
      patientsPerSlot: 2,
      experienceYears: 1,
      tokenPrefix: 'A',
      availability: [{ weekday: 1, start: '09:00', end: '10:00' }],
    });
    await openIn('hi', `/doctor/${doctor.id}`, { [`GET /doctors/${doctor.id}`]: { data: doctor } });
    expect(await screen.findByRole('heading', { name: 'Dr. Leela Das', level: 1 }, slow)).toBeInTheDocument();
    expect(screen.getByText('परामर्श फ़ीस')).toBeInTheDocument();
    expect(screen.getByText('30 मिनट')).toBeInTheDocument();
    expect(screen.getByText('1 वर्ष')).toBeInTheDocument();
    expect(screen.getByText('A (टोकन A-007 की तरह दिखेंगे)')).toBeInTheDocument();
    expect(screen.getByText('30 मिनट के स्लॉट, प्रति स्लॉट 2 मरीज़।')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'अगले 7 दिन' })).toBeInTheDocument();
    expect(screen.getByText('सोमवार')).toBeInTheDocument();
  });
});
