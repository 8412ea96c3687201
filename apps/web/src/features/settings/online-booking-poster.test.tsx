import type { OnlineBookingSettings } from '@caredesk/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import jsQR from 'jsqr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { profile, restoreApi, slow, withApi } from './settings-fixtures';

afterEach(() => {
  restoreApi();
  vi.restoreAllMocks();
});

const settings: OnlineBookingSettings = {
  slug: 'sunrise-hospital',
  enabled: true,
  horizonDays: 30,
  cutoffMinutes: 60,
  requireConfirmation: false,
  waitlistHoldMinutes: 30,
  waitlistLeadMinutes: 15,
  doctors: [],
  services: [],
};

/**
 * Reads the code as a phone would: the SVG's modules painted 4 pixels each on white, handed to a
 * QR decoder. jsdom has no canvas, and the path is only squares (M x y h1v1h-1z), so it is painted by hand.
 */
function decodeQr(svg: Element): string | undefined {
  const size = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const scale = 4;
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  const d = svg.querySelector('path')?.getAttribute('d') ?? '';
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy += 1) {
      for (let dx = 0; dx < scale; dx += 1) {
        const at = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        pixels.fill(0, at, at + 3);
      }
    }
  }
  return jsQR(pixels, width, width)?.data;
}

function openPoster(extra: Partial<OnlineBookingSettings> = {}, organisation = profile) {
  storeSession(makeUser('HOSPITAL', 'ADMIN'));
  withApi({ 'GET /settings/online-booking': { data: { ...settings, ...extra } }, 'GET /settings/organisation': { data: organisation } });
  return renderApp('/settings/online-booking/poster');
}

describe('the online booking poster', () => {
  it('carries a QR code of the booking page’s full address, the address, and three steps', async () => {
    openPoster();
    const url = `${window.location.origin}/p/sunrise-hospital`;
    const code = await screen.findByRole('img', { name: `QR code: ${url}` }, slow);
    expect(decodeQr(code)).toBe(url);
    expect(screen.getByRole('heading', { level: 1, name: 'Sunrise Hospital' })).toBeInTheDocument();
    expect(screen.getByText(url)).toBeInTheDocument();
    const steps = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(steps).toEqual(["Scan the code with your phone's camera", 'Pick a doctor or a test, and a time', 'Enter your phone number to confirm — no app to install']);
  });

  it('shows the organisation’s logo when it has one', async () => {
    const { container } = openPoster({}, { ...profile, logoUrl: '/api/uploads/logo.png' });
    await screen.findByRole('img', { name: /^QR code/ }, slow);
    expect(container.querySelector('img[src="/api/uploads/logo.png"]')).not.toBeNull();
  });

  it('prints from its Print button, without the console around the poster', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    openPoster();
    await userEvent.click(await screen.findByRole('button', { name: 'Print' }, slow));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Skip to main content' })).not.toBeInTheDocument();
  });

  it('offers no poster while online booking is off', async () => {
    openPoster({ enabled: false });
    expect(await screen.findByText(/Online booking is off, so there is no poster to print/, undefined, slow)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^QR code/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Online booking' })).toHaveAttribute('href', '/settings/online-booking');
  });

  it('sends a worker back to the settings hub', async () => {
    withApi({});
    storeSession(makeUser('MULTIHOSPITAL', 'WORKER'));
    const { router } = renderApp('/settings/online-booking/poster');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/settings/online-booking/poster'), slow);
    expect(screen.queryByRole('img', { name: /^QR code/ })).not.toBeInTheDocument();
  });
});
