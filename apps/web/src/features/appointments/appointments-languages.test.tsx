import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n';
import { MID_MORNING, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { appointmentRow, makeAppointment, makeDoctor, page } from './appointment-fixtures';

let restore: (() => void) | undefined;
// The active language is module state, as in the browser: each test starts in English.
afterEach(async () => {
  restore?.();
  await activateLanguage('en');
});

const doctor = makeDoctor({ name: 'Dr. Arjun Nair', specialization: 'Neurology' });

async function openIn(language: 'hi' | 'kn', path: string, today: string) {
  const booked = makeAppointment({
    tokenNumber: 7,
    date: today,
    doctorId: doctor.id,
    doctorName: doctor.name,
    specialization: doctor.specialization,
    patientName: 'Lakshmi Narayan',
  });
  restore = installFakeApi({
    ...headerRoutes(),
    'GET /appointments': { data: page([appointmentRow(booked)]) },
    'GET /doctors': { data: page([doctor]) },
  }).restore;
  await activateLanguage(language);
  storeSession(makeUser('HOSPITAL', 'ADMIN', { language }));
  renderApp(path);
}

describe('the appointments page in Hindi and Kannada', () => {
  const { today } = pinClock(MID_MORNING.at);

  it('shows the list in Hindi: heading, new button, views, doctor filter and column', async () => {
    await openIn('hi', '/appointments', today);
    expect(await screen.findByRole('heading', { name: 'अपॉइंटमेंट', level: 1 }, slow)).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'अपॉइंटमेंट' }, slow);
    expect(await within(grid).findByText('Lakshmi Narayan')).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: 'डॉक्टर' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'नया अपॉइंटमेंट' })).toBeInTheDocument();
    const views = screen.getByRole('group', { name: 'दृश्य' });
    for (const view of ['सूची', 'दिन', 'सप्ताह']) expect(within(views).getByRole('button', { name: view })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'डॉक्टर' })).toBeInTheDocument();
  });

  it('shows the day calendar in Kannada: steps, date, doctor and the visit on the grid', async () => {
    await openIn('kn', '/appointments?view=day', today);
    const column = await screen.findByRole('list', { name: 'Dr. Arjun Nair' }, slow);
    expect(within(column).getByRole('button', { name: /^ಟೋಕನ್ 007, Lakshmi Narayan, / })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /ದಿನದ ಅಪಾಯಿಂಟ್‌ಮೆಂಟ್‌ಗಳು$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ಹಿಂದಿನ ದಿನ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ಇಂದು' })).toBeInTheDocument();
    expect(screen.getByLabelText('ದಿನಾಂಕ')).toHaveValue(today);
    expect(screen.getByRole('combobox', { name: 'ವೈದ್ಯರು' })).toHaveTextContent('ಎಲ್ಲಾ ವೈದ್ಯರು');
    await userEvent.click(screen.getByRole('button', { name: 'ಮುಂದಿನ ದಿನ' }));
    expect(await screen.findByText('ಯಾವುದೇ ಅಪಾಯಿಂಟ್‌ಮೆಂಟ್‌ಗಳಿಲ್ಲ')).toBeInTheDocument();
  });
});
