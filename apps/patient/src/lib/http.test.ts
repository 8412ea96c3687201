import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './http';

describe('the patient app’s API client', () => {
  const before = i18n.locale;
  afterEach(() => {
    vi.unstubAllGlobals();
    if (before) i18n.activate(before);
  });

  it('sends the language the app shows, so the server answers in it', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    i18n.activate('ta');
    await api('/patient/auth/request-code', { method: 'POST', body: { phone: '+919876543210' } });
    i18n.activate('hi');
    await api('/public/organisations/city-care');
    const sent = fetchMock.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1].headers as Record<string, string>);
    expect(sent.map((headers) => headers['accept-language'])).toEqual(['ta', 'hi']);
  });
});
