import type { PatientQueuePosition } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '@/test/fake-api';
import { fakePush, removeFakePush, VAPID_PUBLIC_KEY } from '@/test/fake-push';
import { renderApp } from '@/test/render-app';
import { appointment, page } from '@/test/visit-fixtures';
import { today } from './visit';

const visit = appointment({ date: today(), status: 'CHECKED_IN' });
const position: PatientQueuePosition = {
  visitId: visit.id,
  date: visit.date,
  status: 'CHECKED_IN',
  nowServing: 'A-004',
  you: 'A-007',
  ahead: 3,
  estimateMinutes: 15,
  estimateBasis: 'PACE',
  room: 'Room 12',
};

function server(extra: Parameters<typeof fakeApi>[0] = {}) {
  signedIn();
  return fakeApi({
    'GET /patient/appointments': () => ({ status: 200, body: page([visit]) }),
    'GET /patient/bookings': () => ({ status: 200, body: page([]) }),
    [`GET /patient/appointments/${visit.id}/queue`]: () => ({ status: 200, body: position }),
    'GET /patient/push-config': () => ({ status: 200, body: { publicKey: VAPID_PUBLIC_KEY } }),
    'POST /patient/push-subscriptions': () => ({ status: 201, body: { id: '5a3c8f0e-8a43-4b9e-9d3c-0000000000aa' } }),
    'DELETE /patient/push-subscriptions': () => ({ status: 204 }),
    'POST /patient/auth/logout': () => ({ status: 204 }),
    ...extra,
  });
}

async function queue() {
  const region = await screen.findByRole('region', { name: "Today's queue" });
  await waitFor(() => expect(region).toHaveTextContent('Now serving A-004'));
  return region;
}

const keyBytes = (base64url: string) => Uint8Array.from(atob(base64url.replaceAll('-', '+').replaceAll('_', '/').padEnd(88, '=')), (char) => char.charCodeAt(0));

describe("A visit today: 'Notify me when I'm next'", () => {
  afterEach(removeFakePush);

  it('asks for permission only at the tap, subscribes with the server’s key through the service worker, saves it and says so', async () => {
    const browser = fakePush();
    const { calls } = server();
    await renderApp('/p/visits');
    const region = await queue();
    const button = await within(region).findByRole('button', { name: "Notify me when I'm next" });
    // Never on page load.
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(button);
    await waitFor(() => expect(region).toHaveTextContent('Notifications on'));
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    const [options] = browser.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toEqual(keyBytes(VAPID_PUBLIC_KEY));
    expect(calls.find((call) => call.method === 'POST' && call.path === '/patient/push-subscriptions')).toMatchObject({
      authorization: 'Bearer token-1',
      body: { endpoint: 'https://fcm.googleapis.com/fcm/send/browser-1', p256dh: 'p256dh-1', auth: 'auth-1', language: 'en' },
    });

    // Turn off: the server forgets the browser, the browser drops the subscription.
    const subscription = browser.subscription!;
    await userEvent.click(within(region).getByRole('button', { name: 'Turn off' }));
    await within(region).findByRole('button', { name: "Notify me when I'm next" });
    expect(calls.filter((call) => call.method === 'DELETE')).toMatchObject([{ path: '/patient/push-subscriptions', body: { endpoint: subscription.endpoint } }]);
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(browser.subscription).toBeNull();
  });

  // Each of the app's languages: the pushes the server writes for this browser are in it.
  it.each([
    ['hi', 'अभी A-004 की बारी है', 'मेरी बारी अगली होने पर मुझे सूचना दें', 'सूचनाएँ चालू हैं'],
    ['ta', 'இப்போது அழைக்கப்படுவது: A-004', 'என் முறை நெருங்கும்போது தெரிவி', 'அறிவிப்புகள் இயக்கத்தில்'],
  ] as const)('saves in the language the app shows (%s)', async (language, serving, notifyMe, on) => {
    fakePush();
    const { calls } = server();
    await renderApp('/p/visits', language);
    await screen.findByText(serving);
    const button = await screen.findByRole('button', { name: notifyMe });
    await userEvent.click(button);
    await screen.findByText(on);
    expect(calls.find((call) => call.path === '/patient/push-subscriptions')?.body).toMatchObject({ language });
  });

  it('shows a browser that opted in on an earlier visit as on, without asking again', async () => {
    const browser = fakePush({ subscribed: true });
    server();
    await renderApp('/p/visits');
    const region = await queue();
    await within(region).findByText('Notifications on');
    expect(within(region).getByRole('button', { name: 'Turn off' })).toBeEnabled();
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
  });

  it('offers nothing where the browser cannot push, or where notifications were refused', async () => {
    fakePush({ unsupported: true });
    server();
    await renderApp('/p/visits');
    const region = await queue();
    expect(within(region).queryByRole('button', { name: "Notify me when I'm next" })).toBeNull();
    removeFakePush();

    const refused = fakePush({ permission: 'denied' });
    await renderApp('/p/visits');
    const again = await queue();
    await waitFor(() => expect(refused.notification.permission).toBe('denied'));
    expect(within(again).queryByRole('button', { name: "Notify me when I'm next" })).toBeNull();
  });

  it('says where to allow notifications when the patient refuses at the prompt, and subscribes nothing', async () => {
    const browser = fakePush({ answer: 'denied' });
    const { calls } = server();
    await renderApp('/p/visits');
    const region = await queue();
    await userEvent.click(await within(region).findByRole('button', { name: "Notify me when I'm next" }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Notifications are blocked for this site');
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(calls.some((call) => call.path === '/patient/push-subscriptions')).toBe(false);
  });

  it('subscribes afresh when the server says another account holds this browser', async () => {
    const browser = fakePush();
    let saves = 0;
    const { calls } = server({
      'POST /patient/push-subscriptions': () => {
        saves += 1;
        return saves === 1
          ? { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'Registered elsewhere', issues: [{ path: 'endpoint', message: 'Already registered' }] } }
          : { status: 201, body: { id: '5a3c8f0e-8a43-4b9e-9d3c-0000000000ab' } };
      },
    });
    await renderApp('/p/visits');
    const region = await queue();
    await userEvent.click(await within(region).findByRole('button', { name: "Notify me when I'm next" }));
    await within(region).findByText('Notifications on');
    expect(browser.subscribe).toHaveBeenCalledTimes(2);
    expect(calls.filter((call) => call.path === '/patient/push-subscriptions').map((call) => (call.body as { endpoint: string }).endpoint)).toEqual([
      'https://fcm.googleapis.com/fcm/send/browser-1',
      'https://fcm.googleapis.com/fcm/send/browser-2',
    ]);
  });

  it('signing out tells the server to forget this browser and unsubscribes it', async () => {
    const browser = fakePush();
    const { calls } = server();
    await renderApp('/p/visits');
    const region = await queue();
    await userEvent.click(await within(region).findByRole('button', { name: "Notify me when I'm next" }));
    await within(region).findByText('Notifications on');
    const subscription = browser.subscription!;

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/patient/auth/logout', body: { pushEndpoint: subscription.endpoint } }));
    await waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalled());
    expect(localStorage.getItem('caredesk.patient.session')).toBeNull();
  });
});
