import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { headerRoutes, installFakeApi } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { preloadRoute } from './routes';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function withApi() {
  restore = installFakeApi(headerRoutes()).restore;
}

describe('the route table', () => {
  it('sends a visitor without a token from a protected page to sign-in, replacing history', async () => {
    withApi();
    const { router } = renderApp('/appointments');
    expect(await screen.findByRole('heading', { name: 'Sign in' }, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a signed-in user from /sign-in to the home of its account', async () => {
    withApi();
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp('/sign-in');
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a hospital worker opening the dashboard to appointments, the first entry of its menu', async () => {
    withApi();
    storeSession(makeUser('HOSPITAL', 'WORKER'));
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Appointments' }, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/appointments');
  });

  it('keeps a worker out of settings, which its menu lacks', async () => {
    withApi();
    storeSession(makeUser('HOSPITAL', 'WORKER'));
    const { router } = renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/appointments'), slow);
  });

  it('lets a hospital admin open no scans page, which only scan and multi-hospital menus have', async () => {
    withApi();
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp('/scan');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), slow);
  });

  it("titles /scan with the account's own menu title", async () => {
    withApi();
    storeSession(makeUser('SCAN', 'WORKER'));
    renderApp('/scan');
    expect(await screen.findByRole('heading', { name: 'Scans & Tests', level: 1 }, slow)).toBeInTheDocument();
  });

  it('shows the appointments page at /profile', async () => {
    withApi();
    storeSession(makeUser('SCAN', 'ADMIN'));
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Appointments', level: 1 }, slow)).toBeInTheDocument();
  });

  it('sends unknown paths to a real not-found page with a way home', async () => {
    withApi();
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });

  it('keeps /new public', async () => {
    withApi();
    renderApp('/new');
    expect(await screen.findByRole('heading', { name: 'Create your organisation' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeInTheDocument();
  });
});

describe('preloading the first route', () => {
  // Each load is awaited: one still in flight when the file ends outlives the worker's environment.
  it('starts the shell and the page together for a signed-in visit', async () => {
    for (const path of ['/appointments', '/doctor/abc/edit']) {
      const started = preloadRoute(path, true);
      expect(started).toHaveLength(2);
      await Promise.all(started);
    }
  });

  it('starts nothing behind the session guard without a session, and only the public page otherwise', async () => {
    expect(preloadRoute('/appointments', false)).toHaveLength(0);
    const publicPage = preloadRoute('/new', false);
    expect(publicPage).toHaveLength(1);
    await Promise.all(publicPage);
    // The sign-in page is part of the entry: nothing to start.
    expect(preloadRoute('/sign-in', false)).toHaveLength(0);
  });
});
