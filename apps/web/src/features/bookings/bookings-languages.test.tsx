import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n';
import { bookingRow, makeBooking } from '@/test/booking-fixtures';
import { headerRoutes, installFakeApi, page } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { makeService } from '@/test/service-fixtures';

let restore: (() => void) | undefined;
// The active language is module state, as in the browser: each test starts in English.
afterEach(async () => {
  restore?.();
  await activateLanguage('en');
});

describe('the bookings page in Hindi', () => {
  it('names the page, its button, filters and the scan or test column in Hindi', async () => {
    restore = installFakeApi({
      ...headerRoutes(),
      'GET /bookings': { data: page([bookingRow(makeBooking({ tokenNumber: 7, patientName: 'Lakshmi Narayan', category: null }))]) },
      'GET /services': { data: page([makeService({ name: 'CT Chest', kind: 'SCAN' })]) },
    }).restore;
    await activateLanguage('hi');
    storeSession(makeUser('SCAN', 'ADMIN', { language: 'hi' }));
    renderApp('/bookings');
    expect(await screen.findByRole('heading', { name: 'बुकिंग', level: 1 }, slow)).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'बुकिंग' }, slow);
    expect(await within(grid).findByText('Lakshmi Narayan')).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: 'स्कैन / जाँच' })).toBeInTheDocument();
    // A scan without a category shows its kind, in the language.
    expect(within(grid).getByText('स्कैन')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'नई बुकिंग' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'स्कैन / जाँच' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'प्रकार' })).toBeInTheDocument();
  });
});
