import type { PatientRecordList } from '@caredesk/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn, type Call } from '@/test/fake-api';
import { inDays, KAVYA, MRI, ORGANISATION_ID, publicPage, slots, today } from '@/test/organisation-fixtures';
import { renderApp } from '@/test/render-app';
import { appointment, booking } from '@/test/visit-fixtures';

const PAGE = 'GET /public/organisations/sanjeevani-hospital';
const KAVYA_SLOTS = `GET /public/organisations/sanjeevani-hospital/doctors/${KAVYA}/slots`;
const RECORDS = `GET /patient/organisations/${ORGANISATION_ID}/patients`;
const session = { accessToken: 'token-1', expiresAt: new Date(Date.now() + 86_400_000).toISOString(), account: { id: 'a1', phone: '+919876543210' } };
const family: PatientRecordList = {
  items: [
    { id: '0b8e1f64-3c1a-4a43-9b0e-0000000000a1', name: 'Asha Verma', gender: 'FEMALE', ageYears: 34 },
    { id: '0b8e1f64-3c1a-4a43-9b0e-0000000000a2', name: 'Ravi Verma', gender: 'MALE', ageYears: 1 },
  ],
};

/** The slots route answers by its ?date=, which the fake strips: the test reads it from the call. */
function slotsByDate(byDate: Record<string, string[]>) {
  return (call: Call) => ({ status: 200, body: slots(call.date, byDate[call.date] ?? []) });
}

function focusedHeading(name: string) {
  const heading = screen.getByRole('heading', { level: 2, name });
  expect(heading).toHaveFocus();
  return heading;
}

async function chooseSlot(time: string) {
  await userEvent.click(await screen.findByRole('button', { name: time }));
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('booking a doctor online', () => {
  it('takes a signed-out visitor through slot, phone and code, person, confirm, to the token', async () => {
    const { calls } = fakeApi({
      [PAGE]: () => ({ status: 200, body: publicPage() }),
      [KAVYA_SLOTS]: slotsByDate({ [today()]: ['10:30', '10:45'], [inDays(2)]: ['09:00'] }),
      'POST /patient/auth/otp': () => ({ status: 202, body: { expiresInSeconds: 600 } }),
      'POST /patient/auth/verify': () => ({ status: 200, body: session }),
      [RECORDS]: () => ({ status: 200, body: family }),
      'POST /patient/appointments': () => ({
        status: 201,
        body: appointment({ date: inDays(2), startTime: '09:00', endTime: '09:15', patientName: 'Ravi Verma', tokenLabel: 'A-012' }),
      }),
    });
    await renderApp(`/p/sanjeevani-hospital/book/doctors/${KAVYA}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Book Dr. Kavya Rao' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Choose a date and time' })).toBeVisible();

    const dates = screen.getByRole('group', { name: 'Date' });
    // From the next free slot's day (today) to the last day of the 14-day horizon.
    expect(within(dates).getAllByRole('button')).toHaveLength(15);
    expect(within(dates).getByRole('button', { name: /^Today/ })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('button', { name: '10:30 am' })).toBeVisible();

    await userEvent.click(within(dates).getAllByRole('button')[2]!);
    await chooseSlot('9:00 am');
    expect(calls.filter((call) => call.path.endsWith('/slots')).map((call) => call.date)).toEqual([today(), inDays(2)]);
    expect(sessionStorage.getItem('caredesk.patient.booking')).toContain('"start":"09:00"');

    focusedHeading('Sign in to book');
    await userEvent.type(screen.getByLabelText('Mobile number'), '98765 43210');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText('Code from the text message'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('radio', { name: /Asha Verma/ })).toBeVisible();
    focusedHeading('Who is this visit for?');
    expect(screen.getByRole('radio', { name: 'Ravi Verma Male, 1 year' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose who the visit is for.')).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: /Ravi Verma/ }));
    await userEvent.type(screen.getByLabelText('Reason for the visit (optional)'), 'Fever, 3 days');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    focusedHeading('Check and confirm');
    const summary = document.querySelector('dl.summary')!;
    expect(summary).toHaveTextContent('Dr. Kavya Rao · Cardiology');
    expect(summary).toHaveTextContent('Sanjeevani Multispeciality Hospital · Main campus');
    expect(summary).toHaveTextContent(/9:00 am/);
    expect(summary).toHaveTextContent('₹1,50,000, paid at the desk');
    expect(summary).toHaveTextContent('Ravi Verma');
    expect(summary).toHaveTextContent('Fever, 3 days');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));

    focusedHeading('Your visit is booked');
    expect(screen.getByText('A-012')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST' && call.path === '/patient/appointments')).toMatchObject({
      authorization: 'Bearer token-1',
      body: { organisationId: ORGANISATION_ID, doctorId: KAVYA, date: inDays(2), startTime: '09:00', reason: 'Fever, 3 days', patient: { patientId: family.items[1]!.id } },
    });
    const calendar = screen.getByRole('link', { name: 'Add to calendar' });
    expect(calendar).toHaveAttribute('download', 'caredesk-A-012.ics');
    const ics = decodeURIComponent(calendar.getAttribute('href')!.replace('data:text/calendar;charset=utf-8,', ''));
    expect(ics).toContain('DTSTART:');
    expect(ics).toContain('SUMMARY:Dr. Kavya Rao\\, Sanjeevani Multispeciality Hospital');
    expect(screen.getByRole('link', { name: 'Directions' })).toHaveAttribute('href', publicPage().facilities[0]!.mapUrl);
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'My visits' })).toHaveAttribute('href', '/p/visits');
    expect(sessionStorage.getItem('caredesk.patient.booking')).toBeNull();
  });

  it('goes back to the times with the server’s words when the slot was just taken, and reloads them', async () => {
    signedIn();
    let taken = false;
    const { calls } = fakeApi({
      [PAGE]: () => ({ status: 200, body: publicPage() }),
      [KAVYA_SLOTS]: (call) => ({ status: 200, body: slots(call.date, taken ? ['10:45'] : ['10:30', '10:45']) }),
      [RECORDS]: () => ({ status: 200, body: family }),
      'POST /patient/appointments': () => {
        taken = true;
        return { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'This slot has just been booked by someone else' } };
      },
    });
    await renderApp(`/p/sanjeevani-hospital/book/doctors/${KAVYA}`);
    await chooseSlot('10:30 am');
    await userEvent.click(await screen.findByRole('radio', { name: /Asha Verma/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));

    focusedHeading('Choose a date and time');
    expect(await screen.findByRole('alert')).toHaveTextContent('This slot has just been booked by someone else');
    expect(await screen.findByRole('button', { name: '10:45 am' })).toBeVisible();
    expect(screen.queryByRole('button', { name: '10:30 am' })).toBeNull();
    expect(calls.filter((call) => call.path.endsWith('/slots'))).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a time first.');
  });

  it('books a scan for someone else by age, and shows the server’s refusal under the named field', async () => {
    signedIn();
    let attempt = 0;
    const { calls } = fakeApi({
      [PAGE]: () => ({ status: 200, body: publicPage() }),
      [`GET /public/organisations/sanjeevani-hospital/services/${MRI}/slots`]: (call) => ({ status: 200, body: slots(call.date, ['08:00']) }),
      [RECORDS]: () => ({ status: 200, body: { items: [] } }),
      'POST /patient/bookings': () => {
        attempt += 1;
        if (attempt === 1) {
          return {
            status: 400,
            body: { statusCode: 400, error: 'Bad Request', message: 'The request is not valid', issues: [{ path: 'patient.ageYears', message: 'Enter an age of at most 120' }] },
          };
        }
        return { status: 201, body: booking({ date: inDays(1), startTime: '08:00', endTime: '08:30', status: 'BOOKED', patientName: 'Kamala Devi', tokenLabel: 'S-004' }) };
      },
    });
    await renderApp(`/p/sanjeevani-hospital/book/services/${MRI}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Book MRI Brain' })).toBeVisible();
    // Nothing free before the next free slot: the dates start tomorrow.
    expect(within(screen.getByRole('group', { name: 'Date' })).getAllByRole('button')[0]).toHaveAccessibleName(/^Tomorrow/);
    await chooseSlot('8:00 am');

    expect(await screen.findByText('Enter the details of the person who will come for the visit.')).toBeVisible();
    expect(screen.queryByRole('radio', { name: 'Someone else' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Enter the patient’s full name.');
    expect(screen.getByText('Choose the patient’s gender.')).toBeVisible();

    await userEvent.type(screen.getByLabelText('Full name'), 'Kamala Devi');
    await userEvent.type(screen.getByLabelText('Age in years'), '72');
    await userEvent.click(screen.getByRole('radio', { name: 'Female' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Check and confirm' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Who is this visit for?' })).toHaveFocus();
    expect(screen.getByLabelText('Age in years')).toHaveAccessibleDescription('Enter an age of at most 120');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));

    expect(await screen.findByText('S-004')).toBeVisible();
    expect(calls.filter((call) => call.path === '/patient/bookings').at(-1)?.body).toEqual({
      organisationId: ORGANISATION_ID,
      serviceId: MRI,
      date: inDays(1),
      startTime: '08:00',
      patient: { name: 'Kamala Devi', gender: 'FEMALE', ageYears: 72 },
    });
  });

  /** The date field, not the 'Date of birth' choice beside it. */
  const DATE_INPUT = { selector: 'input[type="date"]' };

  it('says the server’s refusal of a shared schema’s rule in the language the patient switches to', async () => {
    signedIn();
    const { calls } = fakeApi({
      [PAGE]: () => ({ status: 200, body: publicPage() }),
      [`GET /public/organisations/sanjeevani-hospital/services/${MRI}/slots`]: (call) => ({ status: 200, body: slots(call.date, ['08:00']) }),
      [RECORDS]: () => ({ status: 200, body: { items: [] } }),
      // The request went in English, so the refusal came back in English.
      'POST /patient/bookings': () => ({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'The request is not valid',
          issues: [{ path: 'patient.dateOfBirth', message: 'Date of birth cannot be in the future' }],
        },
      }),
    });
    await renderApp(`/p/sanjeevani-hospital/book/services/${MRI}`);
    await chooseSlot('8:00 am');
    await userEvent.type(await screen.findByLabelText('Full name'), 'Kamala Devi');
    await userEvent.click(screen.getByRole('radio', { name: 'Date of birth' }));
    await userEvent.type(screen.getByLabelText('Date of birth', DATE_INPUT), '2999-01-01');
    await userEvent.click(screen.getByRole('radio', { name: 'Female' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByLabelText('Date of birth', DATE_INPUT)).toHaveAccessibleDescription('Date of birth cannot be in the future');
    expect(calls.filter((call) => call.path === '/patient/bookings')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
    expect(await screen.findByLabelText('जन्म तिथि', DATE_INPUT)).toHaveAccessibleDescription('जन्म तिथि भविष्य में नहीं हो सकती');
    await userEvent.click(screen.getByRole('button', { name: 'ಕನ್ನಡ' }));
    expect(await screen.findByLabelText('ಹುಟ್ಟಿದ ದಿನಾಂಕ', DATE_INPUT)).toHaveAccessibleDescription('ಹುಟ್ಟಿದ ದಿನಾಂಕ ಭವಿಷ್ಯದಲ್ಲಿ ಇರಲು ಸಾಧ್ಯವಿಲ್ಲ');
  });

  it('says the visit is requested, not booked, when the desk confirms online bookings', async () => {
    signedIn();
    fakeApi({
      [PAGE]: () => ({ status: 200, body: publicPage() }),
      [KAVYA_SLOTS]: slotsByDate({ [today()]: ['10:30'] }),
      [RECORDS]: () => ({ status: 200, body: family }),
      'POST /patient/appointments': () => ({ status: 201, body: appointment({ date: today(), startTime: '10:30', awaitingConfirmation: true, tokenLabel: 'A-013' }) }),
    });
    await renderApp(`/p/sanjeevani-hospital/book/doctors/${KAVYA}`);
    await chooseSlot('10:30 am');
    await userEvent.click(await screen.findByRole('radio', { name: /Asha Verma/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    focusedHeading('Your visit is requested');
    expect(screen.getByText('A-013')).toBeVisible();
    expect(screen.getByText(/The desk confirms online bookings/)).toBeVisible();
  });

  it('keeps the chosen slot in the tab when the page is opened again', async () => {
    fakeApi({
      [PAGE]: () => ({ status: 200, body: publicPage() }),
      [KAVYA_SLOTS]: (call) => ({ status: 200, body: slots(call.date, ['10:30', '10:45']) }),
    });
    const first = await renderApp(`/p/sanjeevani-hospital/book/doctors/${KAVYA}`);
    await userEvent.click(await screen.findByRole('button', { name: '10:45 am' }));
    first.unmount();
    await renderApp(`/p/sanjeevani-hospital/book/doctors/${KAVYA}`);
    expect(await screen.findByRole('button', { name: '10:45 am' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says so when the doctor does not take bookings online', async () => {
    fakeApi({ [PAGE]: () => ({ status: 200, body: publicPage() }) });
    await renderApp('/p/sanjeevani-hospital/book/doctors/0b8e1f64-3c1a-4a43-9b0e-0000000000ff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not bookable online' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Sanjeevani Multispeciality Hospital' })).toHaveAttribute('href', '/p/sanjeevani-hospital');
  });
});
