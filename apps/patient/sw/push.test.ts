import { describe, expect, it, vi } from 'vitest';
import { openFromNotification, showPush } from './push';

const scope = new URL('https://care.example.in/p/');
const visitId = '0b8e1f64-3c1a-4a43-9b0e-000000000001';
const payload = {
  title: 'Sanjeevani Multispeciality Hospital',
  body: 'You are next at Sanjeevani Multispeciality Hospital: token A-007',
  icon: '/p/icons/icon-192.png',
  tag: `visit-${visitId}`,
  url: '/p/visits',
  kind: 'next',
  visitId,
};
const data = (value: unknown) => ({ json: () => value });

describe('the service worker and queue pushes', () => {
  it("shows the push's title and body with the app's icon, one notification per visit that rings again when replaced", async () => {
    const registration = { showNotification: vi.fn(async (_title: string, _options?: NotificationOptions) => undefined) };
    await showPush(registration, data(payload), scope);
    expect(registration.showNotification).toHaveBeenCalledWith('Sanjeevani Multispeciality Hospital', {
      body: 'You are next at Sanjeevani Multispeciality Hospital: token A-007',
      icon: '/p/icons/icon-192.png',
      tag: `visit-${visitId}`,
      renotify: true,
      data: { url: 'https://care.example.in/p/visits' },
    });
  });

  it('still shows a notification for a push it cannot read, and never links outside the app', async () => {
    const registration = { showNotification: vi.fn(async (_title: string, _options?: NotificationOptions) => undefined) };
    await showPush(
      registration,
      {
        json: () => {
          throw new SyntaxError('not JSON');
        },
      },
      scope,
    );
    await showPush(registration, data({ ...payload, url: 'https://evil.example/phish' }), scope);
    expect(registration.showNotification.mock.calls.map(([title, options]) => [title, options?.data])).toEqual([
      ['CareDesk', { url: 'https://care.example.in/p/visits' }],
      ['Sanjeevani Multispeciality Hospital', { url: 'https://care.example.in/p/visits' }],
    ]);
  });

  it('a tap focuses the app where it is open, and closes the notification', async () => {
    const app = { url: 'https://care.example.in/p/book/sanjeevani', focus: vi.fn(async () => undefined) };
    const console = { url: 'https://care.example.in/appointments', focus: vi.fn(async () => undefined) };
    const clients = { matchAll: vi.fn(async () => [console, app]), openWindow: vi.fn(async () => null) };
    const notification = { close: vi.fn(), data: { url: 'https://care.example.in/p/visits' } };
    await openFromNotification(clients, notification, scope);
    expect(notification.close).toHaveBeenCalled();
    expect(app.focus).toHaveBeenCalled();
    expect(console.focus).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('a tap opens the visits when the app is not open', async () => {
    const clients = { matchAll: vi.fn(async () => []), openWindow: vi.fn(async () => null) };
    await openFromNotification(clients, { close: vi.fn(), data: { url: 'https://care.example.in/p/visits' } }, scope);
    expect(clients.openWindow).toHaveBeenCalledWith('https://care.example.in/p/visits');
  });
});
