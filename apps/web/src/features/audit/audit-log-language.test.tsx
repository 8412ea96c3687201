import type { AuditEvent } from '@caredesk/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n';
import { headerRoutes, installFakeApi, page } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';

let restore: (() => void) | undefined;
// The active language is module state, as in the browser: each test ends back in English.
afterEach(async () => {
  restore?.();
  await activateLanguage('en');
});

const denied: AuditEvent = {
  id: '40000000-0000-4000-8000-000000000001',
  seq: 7,
  staffId: null,
  staffName: null,
  action: 'denied',
  entity: 'patients',
  entityId: null,
  route: 'GET /api/patients',
  statusCode: 403,
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0',
  details: { denied: 'forbidden', count: 3 },
  createdAt: '2026-03-10T05:30:00.000Z',
  hash: 'a'.repeat(64),
};

describe('the audit log in Hindi', () => {
  it('names its heading, buttons, filters, columns, actions and the verification in Hindi', async () => {
    const api = installFakeApi({
      ...headerRoutes(),
      'GET /staff': { data: page([]) },
      'GET /audit': { data: page([denied]) },
      'GET /audit/verify': { data: { ok: true, checked: 12, firstBroken: null, anchor: null } },
    });
    restore = api.restore;
    storeSession(makeUser('HOSPITAL', 'ADMIN', { language: 'hi' }));
    await activateLanguage('hi');
    renderApp('/settings/audit');

    expect(await screen.findByRole('heading', { name: 'ऑडिट लॉग', level: 1 }, slow)).toBeVisible();
    expect(screen.getByRole('button', { name: 'CSV एक्सपोर्ट करें' })).toBeInTheDocument();
    const filters = screen.getByRole('search', { name: 'ऑडिट लॉग फ़िल्टर' });
    for (const label of ['व्यक्ति', 'कार्य', 'क्षेत्र']) expect(within(filters).getByRole('combobox', { name: label })).toBeInTheDocument();

    const grid = await screen.findByRole('grid', { name: 'ऑडिट लॉग एंट्री' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['कब', 'किसने', 'कार्य', 'क्षेत्र', 'रिकॉर्ड id', 'रूट', 'विवरण', 'कहाँ से']);
    expect(within(grid).getByText('अस्वीकृत (सुरक्षा)')).toBeInTheDocument();
    expect(within(grid).getByText('अस्वीकृत: अनुमति नहीं · 3 रिकॉर्ड')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'अखंडता जाँचें' }));
    expect(await screen.findByRole('status')).toHaveTextContent('ऑडिट ट्रेल सुरक्षित है: 12 एंट्री जाँची गईं');
  });
});
