import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import english from './locales/en.json';
import hindi from './locales/hi.json';

/** The ICU variables of a message: {phone}, {seconds, plural, …}; not the words of a branch ({You are next}, one {Doctor}). */
function variables(message: string): string[] {
  return [...message.matchAll(/(?<!(?:zero|one|two|few|many|other|=\d+)\s*)\{(\w+)\s*[,}]/g)].map((match) => match[1]!).sort();
}

describe('languages', () => {
  it('switches the whole screen to Hindi, sets <html lang>, and remembers the choice', async () => {
    await renderApp('/p/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your hospital visits, on your phone' })).toBeVisible();
    const switcher = screen.getByRole('group', { name: 'Language' });
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'आपकी अस्पताल विज़िट, आपके फ़ोन पर' })).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'साइन इन करें' }).length).toBeGreaterThan(0);
    expect(switcher).toHaveAccessibleName('भाषा');
    expect(screen.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem('caredesk.patient.language')).toBe('hi');

    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your hospital visits, on your phone' })).toBeVisible();
    expect(document.documentElement.lang).toBe('en');
  });

  it('has every message in every language, with the same variables', () => {
    expect(Object.keys(hindi).sort()).toEqual(Object.keys(english).sort());
    for (const [id, message] of Object.entries(english)) {
      expect(variables(hindi[id as keyof typeof hindi]), id).toEqual(variables(message));
    }
  });
});
