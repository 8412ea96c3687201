import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, signedIn } from '@/test/fake-api';
import { emit } from '@/test/fake-socket';
import { renderApp } from '@/test/render-app';
import { lapsedEntry, offeredEntry, waitlistEntry } from './waitlist-fixtures';

const list = (...entries: unknown[]) => ({ status: 200, body: { data: entries } });
const reads = (calls: { method: string; path: string }[]) => calls.filter((call) => call.method === 'GET' && call.path === '/patient/waitlist').length;

describe('My waitlist', () => {
  it('sends a patient who is not signed in to sign in first, then back', async () => {
    fakeApi({});
    await renderApp('/p/waitlist');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(window.location.search).toBe(`?next=${encodeURIComponent('/p/waitlist')}`);
  });

  it('says so when the patient is on no waitlist', async () => {
    signedIn();
    fakeApi({ 'GET /patient/waitlist': () => list() });
    await renderApp('/p/waitlist');
    expect(await screen.findByRole('heading', { level: 2, name: 'You are not on a waitlist' })).toBeVisible();
    expect(document.title).toBe('My waitlist · CareDesk');
  });

  it('shows a held place first, its hold counting down each second, and asks again every 30 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    signedIn();
    const offer = offeredEntry(24.5);
    const { calls } = fakeApi({ 'GET /patient/waitlist': () => list(waitlistEntry({ id: '5f0c7a52-9d1e-4c4b-8a57-000000000009', position: 3 }), offer) });
    await renderApp('/p/waitlist');
    const held = within(await screen.findByRole('list', { name: 'Places held for you' })).getByRole('article', { name: 'A place has opened' });
    for (const text of ['Dr. Kavya Rao', 'Sanjeevani Multispeciality Hospital', 'Sat, 14 Mar, 2099, 10:30 am', 'Asha Verma', 'Held for you for 24 min 30 s']) {
      expect(held).toHaveTextContent(text);
    }
    // The place held comes before the places in line.
    const waiting = screen.getByRole('list', { name: 'Waiting for a place' });
    expect(held.compareDocumentPosition(waiting) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await act(async () => vi.advanceTimersByTime(1000));
    expect(held).toHaveTextContent('Held for you for 24 min 29 s');
    const before = reads(calls);
    await act(async () => vi.advanceTimersByTime(30_000));
    expect(held).toHaveTextContent('Held for you for 23 min 59 s');
    expect(reads(calls)).toBe(before + 1);

    await act(async () => vi.advanceTimersByTime(24 * 60_000));
    expect(held).toHaveTextContent('The time to take this place has run out.');
  });

  it('takes the place held: the visit is theirs, with the way to it', async () => {
    signedIn();
    let taken = false;
    const offer = offeredEntry(20);
    const booked = waitlistEntry({ status: 'BOOKED', position: null, visitId: '0b8e1f64-3c1a-4a43-9b0e-000000000001' });
    const { calls } = fakeApi({
      'GET /patient/waitlist': () => list(taken ? booked : offer),
      [`POST /patient/waitlist/${offer.id}/accept`]: () => {
        taken = true;
        return { status: 200, body: booked };
      },
    });
    await renderApp('/p/waitlist');
    await userEvent.click(await screen.findByRole('button', { name: 'Take this place: Dr. Kavya Rao, Sat, 14 Mar, 2099, 10:30 am' }));
    expect(await screen.findByText('The place is yours: Dr. Kavya Rao on Sat, 14 Mar, 2099 at 10:30 am.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See it in My visits' })).toHaveAttribute('href', '/p/visits');
    expect(calls.find((call) => call.path.endsWith('/accept'))).toMatchObject({ method: 'POST', authorization: 'Bearer token-1' });
    const recent = await screen.findByRole('list', { name: 'Recent' });
    expect(recent).toHaveTextContent('Booked from the waitlist');
    expect(within(recent).getByRole('link', { name: 'See your visit with Dr. Kavya Rao in My visits' })).toHaveAttribute('href', '/p/visits');
    expect(screen.queryByRole('list', { name: 'Places held for you' })).toBeNull();
  });

  it('shows why a place could not be taken, and the list as it now stands', async () => {
    signedIn();
    let lapsed = false;
    const offer = offeredEntry(1);
    fakeApi({
      'GET /patient/waitlist': () => list(lapsed ? waitlistEntry({ status: 'LAPSED', position: null }) : offer),
      [`POST /patient/waitlist/${offer.id}/accept`]: () => {
        lapsed = true;
        return { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'This offer has lapsed: the place went to the next patient' } };
      },
    });
    await renderApp('/p/waitlist');
    await userEvent.click(await screen.findByRole('button', { name: /^Take this place/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This offer has lapsed: the place went to the next patient');
    expect(await screen.findByRole('list', { name: 'Recent' })).toHaveTextContent('The offer ran out');
    expect(screen.queryByRole('button', { name: /^Take this place/ })).toBeNull();
  });

  it('tells a place whose hold ran out from a day that ended with no place opening', async () => {
    signedIn();
    const ranOut = lapsedEntry(true);
    const neverOffered = lapsedEntry(false, { id: '5f0c7a52-9d1e-4c4b-8a57-000000000002', ownerName: 'Dr. Arun Pillai', date: '2099-03-13' });
    fakeApi({ 'GET /patient/waitlist': () => list(neverOffered, ranOut) });
    await renderApp('/p/waitlist');
    const [held, dayEnded] = within(await screen.findByRole('list', { name: 'Recent' })).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(held).toHaveTextContent(/^Dr\. Kavya Rao, Sat, 14 Mar, 2099The offer ran out$/);
    // Never offered a place: nothing of theirs ran out.
    expect(dayEnded).toHaveTextContent(/^Dr\. Arun Pillai, Fri, 13 Mar, 2099No place opened up for this day$/);
  });

  it('joins the doctor, the date and the time as the patient’s language orders them', async () => {
    signedIn();
    fakeApi({ 'GET /patient/waitlist': () => list(offeredEntry(20), lapsedEntry(false, { id: '5f0c7a52-9d1e-4c4b-8a57-000000000002', date: '2099-03-13' })) });
    await renderApp('/p/waitlist', 'hi');
    const held = within(await screen.findByRole('list', { name: 'आपके लिए रोकी गई जगहें' })).getByRole('article', { name: 'एक जगह खाली हुई है' });
    expect(within(held).getByRole('button', { name: 'यह जगह लें: Dr. Kavya Rao, शनि, 14 मार्च 2099 को 10:30 am' })).toBeVisible();
    expect(held).toHaveTextContent('शनि, 14 मार्च 2099 को 10:30 am');
    expect(within(screen.getByRole('list', { name: 'हाल ही में' })).getByRole('listitem')).toHaveTextContent(/^शुक्र, 13 मार्च 2099 को Dr\. Kavya Raoइस दिन के लिए कोई जगह नहीं खुली$/);
  });

  it('declines a place held only once the patient confirms', async () => {
    signedIn();
    let declined = false;
    const offer = offeredEntry(20);
    const { calls } = fakeApi({
      'GET /patient/waitlist': () => list(declined ? waitlistEntry({ status: 'DECLINED', position: null }) : offer),
      [`POST /patient/waitlist/${offer.id}/decline`]: () => {
        declined = true;
        return { status: 200, body: waitlistEntry({ status: 'DECLINED', position: null }) };
      },
    });
    await renderApp('/p/waitlist');
    await userEvent.click(await screen.findByRole('button', { name: 'No thanks: Dr. Kavya Rao, Sat, 14 Mar, 2099, 10:30 am' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Give up this place?' });
    expect(dialog).toHaveTextContent('Dr. Kavya Rao on Sat, 14 Mar, 2099 at 10:30 am, Sanjeevani Multispeciality Hospital.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls.some((call) => call.path.endsWith('/decline'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: /^No thanks/ }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, give it up' }));
    expect(await screen.findByText('You said no to the place: it goes to the next patient in line.')).toBeVisible();
    expect(await screen.findByRole('list', { name: 'Recent' })).toHaveTextContent('You said no to the offer');
  });

  it('shows each place in line, and leaves one once the patient confirms', async () => {
    signedIn();
    let left = false;
    const second = waitlistEntry();
    const first = waitlistEntry({
      id: '5f0c7a52-9d1e-4c4b-8a57-000000000003',
      ownerName: 'MRI Brain',
      kind: 'booking',
      date: '2099-03-16',
      position: 1,
      patientName: 'Ravi Verma',
    });
    const { calls } = fakeApi({
      'GET /patient/waitlist': () => list(left ? { ...second, status: 'LEFT', position: null } : second, first),
      [`POST /patient/waitlist/${second.id}/leave`]: () => {
        left = true;
        return { status: 200, body: { ...second, status: 'LEFT', position: null } };
      },
    });
    await renderApp('/p/waitlist');
    const waiting = await screen.findByRole('list', { name: 'Waiting for a place' });
    expect(waiting).toHaveTextContent('You are 2nd in line for Dr. Kavya Rao on Sat, 14 Mar, 2099');
    expect(waiting).toHaveTextContent('Sanjeevani Multispeciality Hospital · for Asha Verma');
    expect(waiting).toHaveTextContent('You are 1st in line for MRI Brain on Mon, 16 Mar, 2099');
    expect(waiting).toHaveTextContent('for Ravi Verma');

    await userEvent.click(within(waiting).getByRole('button', { name: 'Leave the waitlist: Dr. Kavya Rao, Sat, 14 Mar, 2099' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Leave the waitlist?' });
    expect(dialog).toHaveTextContent('You give up your place in line for Dr. Kavya Rao on Sat, 14 Mar, 2099, Sanjeevani Multispeciality Hospital.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, leave' }));
    expect(await screen.findByText('You have left the waitlist.')).toBeVisible();
    expect(calls.find((call) => call.path.endsWith('/leave'))).toMatchObject({ method: 'POST', path: `/patient/waitlist/${second.id}/leave` });
    expect(await screen.findByRole('list', { name: 'Recent' })).toHaveTextContent('Off the waitlist');
    expect(screen.getByRole('list', { name: 'Waiting for a place' })).not.toHaveTextContent('Dr. Kavya Rao');
  });
});

describe('the way to the waitlist, from the home page and the header', () => {
  it('puts a place held first, with the way to it', async () => {
    signedIn();
    fakeApi({ 'GET /patient/waitlist': () => list(offeredEntry(20)) });
    await renderApp('/p/');
    const notice = await screen.findByRole('region', { name: 'A place has opened for you' });
    expect(within(notice).getByRole('link', { name: 'See the place' })).toHaveAttribute('href', '/p/waitlist');
  });

  it('leads a patient waiting in line to their places', async () => {
    signedIn();
    fakeApi({ 'GET /patient/waitlist': () => list(waitlistEntry()) });
    await renderApp('/p/');
    const notice = await screen.findByRole('region', { name: 'My waitlist' });
    expect(notice).toHaveTextContent('You are on a waitlist. We will text you if a place opens.');
    expect(within(notice).getByRole('link', { name: 'My waitlist' })).toHaveAttribute('href', '/p/waitlist');
  });

  it('shows the header’s link only to an account on a waitlist, with the places held, kept current by the page', async () => {
    signedIn();
    let taken = false;
    const offer = offeredEntry(20);
    fakeApi({
      'GET /patient/waitlist': () => list(taken ? { ...offer, status: 'BOOKED', position: null, offer: null } : offer),
      [`POST /patient/waitlist/${offer.id}/accept`]: () => {
        taken = true;
        return { status: 200, body: { ...offer, status: 'BOOKED' } };
      },
    });
    await renderApp('/p/visits');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const link = await within(nav).findByRole('link', { name: 'My waitlist 1 place held for you' });
    expect(link).toHaveAttribute('href', '/p/waitlist');

    await userEvent.click(link);
    await userEvent.click(await screen.findByRole('button', { name: /^Take this place/ }));
    expect(await screen.findByRole('list', { name: 'Recent' })).toBeVisible();
    // Nothing left open: the link goes, with no request of its own.
    await waitFor(() => expect(within(nav).queryByRole('link', { name: /My waitlist/ })).toBeNull());
  });

  it('lights the header’s link the moment a place is offered, wherever the patient is in the app', async () => {
    signedIn();
    let offered = false;
    const entry = waitlistEntry();
    fakeApi({
      'GET /patient/waitlist': () => list(offered ? offeredEntry(30) : entry),
      'GET /patient/appointments': () => ({ status: 200, body: { data: [], total: 0, page: 1, pageSize: 20 } }),
      'GET /patient/bookings': () => ({ status: 200, body: { data: [], total: 0, page: 1, pageSize: 20 } }),
    });
    await renderApp('/p/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'My waitlist' })).toBeVisible();
    offered = true;
    await emit({ type: 'waitlist.updated', kind: 'appointment', ownerId: entry.ownerId, date: entry.date, patientId: '20000000-0000-4000-8000-000000000001' });
    expect(await within(nav).findByRole('link', { name: 'My waitlist 1 place held for you' })).toBeVisible();
  });

  it('shows no waitlist link to an account on none', async () => {
    signedIn();
    const { calls } = fakeApi({ 'GET /patient/waitlist': () => list(waitlistEntry({ status: 'LAPSED', position: null })) });
    await renderApp('/p/visits');
    expect(await screen.findByRole('heading', { level: 1, name: 'My visits' })).toBeVisible();
    await waitFor(() => expect(reads(calls)).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: /My waitlist/ })).toBeNull();
  });
});
