import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { appointment, booking, page } from '@/test/visit-fixtures';

describe('My visits', () => {
  it('sends a patient who is not signed in to sign in first, then back', async () => {
    fakeApi({});
    await renderApp('/p/visits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(window.location.search).toBe(`?next=${encodeURIComponent('/p/visits')}`);
  });

  it('lists upcoming and past visits across organisations: token, who, where, when, state', async () => {
    signedIn();
    fakeApi({
      'GET /patient/appointments': () => ({ status: 200, body: page([appointment()]) }),
      'GET /patient/bookings': () => ({ status: 200, body: page([booking()]) }),
    });
    await renderApp('/p/visits');
    const upcoming = await screen.findByRole('list', { name: 'Upcoming' });
    const next = within(upcoming).getByRole('article', { name: 'Dr. Kavya Rao' });
    expect(next).toHaveTextContent('A-007');
    expect(next).toHaveTextContent('Cardiology');
    expect(next).toHaveTextContent('Sanjeevani Multispeciality Hospital · Main campus');
    expect(next).toHaveTextContent('Sat, 14 Mar, 2099');
    expect(next).toHaveTextContent('10:30 am');
    expect(next).toHaveTextContent('Booked');

    const past = screen.getByRole('list', { name: 'Past' });
    const scan = within(past).getByRole('article', { name: 'MRI Brain' });
    expect(scan).toHaveTextContent('S-003');
    expect(scan).toHaveTextContent('Lotus Diagnostics & Imaging');
    expect(scan).toHaveTextContent('Completed');
    expect(within(past).queryByRole('button', { name: /Cancel/ })).toBeNull();
  });

  it('cancels an upcoming visit once the patient confirms, and shows it cancelled', async () => {
    signedIn();
    let cancelled = false;
    const { calls } = fakeApi({
      'GET /patient/appointments': () => ({ status: 200, body: page([appointment(cancelled ? { status: 'CANCELLED' } : {})]) }),
      'GET /patient/bookings': () => ({ status: 200, body: page([]) }),
      [`POST /patient/appointments/${appointment().id}/cancel`]: () => {
        cancelled = true;
        return { status: 200, body: appointment({ status: 'CANCELLED' }) };
      },
    });
    await renderApp('/p/visits');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel visit: Dr. Kavya Rao, Sat, 14 Mar, 2099, 10:30 am' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this visit?' });
    expect(dialog).toHaveTextContent('Dr. Kavya Rao on Sat, 14 Mar, 2099 at 10:30 am, Sanjeevani Multispeciality Hospital.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep visit' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/cancel'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: /^Cancel visit: Dr. Kavya Rao/ }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('Your visit is cancelled.')).toBeVisible();
    expect(calls.find((call) => call.path.endsWith('/cancel'))).toMatchObject({
      method: 'POST',
      path: `/patient/appointments/${appointment().id}/cancel`,
      authorization: 'Bearer token-1',
    });
    const past = await screen.findByRole('list', { name: 'Past' });
    expect(within(past).getByRole('article', { name: 'Dr. Kavya Rao' })).toHaveTextContent('Cancelled');
  });

  it('shows the server’s refusal to cancel in the dialog', async () => {
    signedIn();
    fakeApi({
      'GET /patient/appointments': () => ({ status: 200, body: page([appointment({ status: 'CHECKED_IN' })]) }),
      'GET /patient/bookings': () => ({ status: 200, body: page([]) }),
      [`POST /patient/appointments/${appointment().id}/cancel`]: () => ({
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'This appointment can no longer be cancelled.' },
      }),
    });
    await renderApp('/p/visits');
    await userEvent.click(await screen.findByRole('button', { name: /^Cancel visit/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this visit?' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This appointment can no longer be cancelled.');
  });
});
