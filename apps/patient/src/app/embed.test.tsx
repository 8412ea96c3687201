import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

describe('embedded in a hospital’s website', () => {
  it('drops the CareDesk brand for a way out to the full page, and keeps to it across pages', async () => {
    fakeApi({});
    await renderApp('/p/?embed=1');
    const out = await screen.findByRole('link', { name: 'Open in a new tab' });
    expect(out).toHaveAttribute('target', '_blank');
    expect(out).toHaveAttribute('href', 'http://localhost:3000/p/');
    expect(screen.queryByRole('link', { name: 'CareDesk' })).toBeNull();
    // The flow's next page has no ?embed=1 of its own.
    await renderApp('/p/sign-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Open in a new tab' }).at(-1)).toHaveAttribute('href', 'http://localhost:3000/p/sign-in');
  });

  it('shows the brand on a page opened directly', async () => {
    fakeApi({});
    await renderApp('/p/');
    expect(await screen.findByRole('link', { name: 'CareDesk' })).toHaveAttribute('href', '/p/');
    expect(screen.queryByRole('link', { name: 'Open in a new tab' })).toBeNull();
  });
});
