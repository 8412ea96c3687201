import { compileMessage } from '@lingui/message-utils/compileMessage';
import { I18n, setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { pseudoLocaliseAll, switchToPseudoLocale } from './pseudo-locale.ts';

/** The text a message renders with `values`, compiled as the vite plugin compiles it, in the pseudo-locale. */
function rendered(message: string, values?: Record<string, unknown>): string {
  const messages = pseudoLocaliseAll({ message: compileMessage(message) });
  return setupI18n({ locale: 'en', locales: ['en-IN', 'en'], messages: { en: messages } })._('message', values);
}

describe('the pseudo-locale', () => {
  it('accents every letter of a message and wraps it between markers', () => {
    expect(rendered('Sign in')).toBe('⟦Šíĝñ íñ⟧');
  });

  it('keeps placeholders working, and their values as they are', () => {
    expect(rendered('Delete {name}?', { name: 'Priya Kulkarni' })).toBe('⟦Đéĺéţé Priya Kulkarni?⟧');
  });

  it('keeps plurals and selects working, with the count formatted', () => {
    const waiting = '{count, plural, one {# patient waiting} other {# patients waiting}}';
    expect(rendered(waiting, { count: 1 })).toBe('⟦1 ƥáţíéñţ ŵáíţíñĝ⟧');
    expect(rendered(waiting, { count: 100000 })).toBe('⟦1,00,000 ƥáţíéñţš ŵáíţíñĝ⟧');
    expect(rendered('{kind, select, doctor {Doctor} other {Service}}: {name}', { kind: 'doctor', name: 'Dr. Rao' })).toBe('⟦Đóçţóŕ: Dr. Rao⟧');
  });

  it('leaves tags alone, for Trans to match', () => {
    expect(rendered('Read <0>the terms</0>')).toBe('⟦Ŕéáđ <0>ţĥé ţéŕɱš</0>⟧');
  });
});

describe('switching an app to the pseudo-locale', () => {
  it('rewrites the English already loaded and every English catalogue loaded after, in any instance, and no other language', () => {
    class AppI18n extends I18n {}
    const app = new AppI18n({ locale: 'en', messages: { en: { 'nav.doctors': compileMessage('Doctors') } } });
    switchToPseudoLocale(AppI18n, [app]);
    expect(app._('nav.doctors')).toBe('⟦Đóçţóŕš⟧');

    app.load('en', { 'doctors.add': compileMessage('Add doctor') });
    app.load('hi', { 'doctors.add': compileMessage('डॉक्टर जोड़ें') });
    expect(app._('doctors.add')).toBe('⟦Áđđ đóçţóŕ⟧');
    const display = new AppI18n({ locale: 'en', messages: { en: { 'queue.next': compileMessage('Next: {token}') } } });
    expect(display._('queue.next', { token: 'A-002' })).toBe('⟦Ñéẋţ: A-002⟧');
    app.activate('hi');
    expect(app._('doctors.add')).toBe('डॉक्टर जोड़ें');

    // Switched twice (a second start), the texts are still rewritten once.
    switchToPseudoLocale(AppI18n, [display]);
    expect(display._('queue.next', { token: 'A-002' })).toBe('⟦Ñéẋţ: A-002⟧');
  });
});
