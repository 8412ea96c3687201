import { STORAGE_KEYS } from '@caredesk/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '@/test/fake-api';
import { makeUser } from '@/test/fixtures';
import { SignInShell } from './sign-in-shell';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  localStorage.clear();
});

function renderShell() {
  const preloadApp = vi.fn();
  const openApp = vi.fn();
  render(<SignInShell preloadApp={preloadApp} openApp={openApp} />);
  return { preloadApp, openApp };
}

describe('the first-load sign-in shell', () => {
  it('starts loading the console as a sign-in is sent, and opens it once signed in', async () => {
    const worker = makeUser('HOSPITAL', 'WORKER');
    const api = installFakeApi({ 'POST /admin/auth': { data: { user: worker, access_token: 'a-1', refresh_token: 'r-1' } } });
    restore = api.restore;
    const { preloadApp, openApp } = renderShell();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'worker@hospital.demo');
    await user.type(screen.getByLabelText('Password'), 'Demo@12345');
    expect(preloadApp).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(preloadApp).toHaveBeenCalled();
    // Opened at /sign-in, whose route sends the signed-in person home, replacing the entry.
    await waitFor(() => expect(openApp).toHaveBeenCalledWith());
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('a-1');
  });

  it('opens the console when another tab signs in', async () => {
    const { openApp } = renderShell();
    expect(openApp).not.toHaveBeenCalled();
    localStorage.setItem(STORAGE_KEYS.accessToken, 'a-2');
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.accessToken }));
    await waitFor(() => expect(openApp).toHaveBeenCalledWith());
  });

  it('opens the console at a link’s path on a plain click, and leaves other clicks to the browser', async () => {
    const { openApp } = renderShell();
    const link = screen.getByRole('link', { name: 'Create an organisation' });
    expect(link).toHaveAttribute('href', '/new');
    const user = userEvent.setup();
    await user.click(link);
    expect(openApp).toHaveBeenCalledWith('/new', 'push');
    openApp.mockClear();
    const modified = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link.dispatchEvent(modified);
    expect(openApp).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'CareDesk Admin' })).toHaveAttribute('href', '/');
  });
});
