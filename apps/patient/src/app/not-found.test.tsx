import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('addresses', () => {
  it('answers an unknown address with a real not-found page and a way home', async () => {
    await renderApp('/p/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/p/');
    expect(document.title).toBe('Page not found · CareDesk');
  });
});
