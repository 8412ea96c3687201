import type { PlanOffer } from '@caredesk/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n';
import { headerRoutes, installFakeApi } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';

let restore: (() => void) | undefined;
// The active language is module state, as in the browser: each test starts in English.
afterEach(async () => {
  restore?.();
  await activateLanguage('en');
});

const basic: PlanOffer = { id: '20000000-0000-4000-8000-000000000001', name: 'Clinic Basic', pricePaise: 249_900, durationDays: 30, features: ['Up to 3 doctors'] };

describe('the plan page in Hindi', { timeout: 60_000 }, () => {
  it('names the status, the offers, their durations and the confirmation in Hindi', async () => {
    await activateLanguage('hi');
    restore = installFakeApi({
      ...headerRoutes(),
      'GET /plan/current': { data: { isActive: false, planId: null, planName: null, startsAt: null, endsAt: null, features: [], whatsapp: { isActive: false, endsAt: null } } },
      'GET /plan/plans': { data: { data: [basic] } },
    }).restore;
    storeSession(makeUser('HOSPITAL', 'ADMIN', { language: 'hi' }));
    renderApp('/plan');
    expect(await screen.findByRole('heading', { name: 'उपलब्ध प्लान' }, slow)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'प्लान', level: 1 })).toBeVisible();
    // The current plan and the offers are two requests: either may answer first.
    expect(await screen.findByRole('heading', { name: 'कोई प्लान नहीं' }, slow)).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'प्लान की स्थिति: निष्क्रिय' }).length).toBeGreaterThan(0);
    const offer = await screen.findByRole('region', { name: 'Clinic Basic' });
    expect(offer).toHaveTextContent('30 दिन के लिए');
    expect(screen.getByRole('heading', { name: 'ऐड-ऑन' })).toBeVisible();

    await userEvent.click(within(offer).getByRole('button', { name: 'खरीदें' }));
    const confirm = await screen.findByRole('dialog', { name: 'Clinic Basic खरीदें?' });
    expect(confirm).toHaveTextContent('₹2,499.00, 30 दिन के लिए।');
  });
});
