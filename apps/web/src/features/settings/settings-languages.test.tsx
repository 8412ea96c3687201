import type { BillingSettings, FacilityBilling, OnlineBookingSettings } from '@caredesk/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n';
import { page } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { member, profile, restoreApi, slow, withApi } from './settings-fixtures';

// The active language is module state, as in the browser: each test starts in English.
afterEach(async () => {
  restoreApi();
  await activateLanguage('en');
});

const billing: BillingSettings = {
  registrationFeePaise: 10_000,
  followUpFeePaise: null,
  followUpDays: 30,
  freeFollowUpDays: 7,
  consultationSac: '999312',
  consultationGstRateBp: 0,
  registrationSac: '999312',
  registrationGstRateBp: 0,
  workerDiscountLimitPercent: 10,
};
const jayanagar: FacilityBilling = {
  facilityId: '80000000-0000-4000-8000-000000000001',
  facilityName: 'Jayanagar Hospital',
  receiptPrefix: 'JNR',
  invoicePrefix: 'JNR-INV',
  creditNotePrefix: 'JNR-CN',
  gstin: null,
  registrationFeePaise: null,
  followUpFeePaise: null,
};
const booking: OnlineBookingSettings = {
  slug: 'sunrise-hospital',
  enabled: true,
  horizonDays: 30,
  cutoffMinutes: 60,
  requireConfirmation: false,
  waitlistHoldMinutes: 30,
  waitlistLeadMinutes: 15,
  doctors: [{ id: '90000000-0000-4000-8000-000000000001', name: 'Dr. Meera Joshi', specialization: 'Cardiology', onlineBooking: true }],
  services: [],
};

// Lazy pages and a whole language's catalogues load on a busy machine: more than the default 20 s.
describe('the settings pages in other languages', { timeout: 60_000 }, () => {
  it('shows Settings > Staff and its Add dialog in Hindi', async () => {
    await activateLanguage('hi');
    storeSession(makeUser('HOSPITAL', 'ADMIN', { language: 'hi' }));
    withApi({ 'GET /staff': { data: page([member(1, 'Ravi Kumar', { lastLoginAt: null, invitationPending: true })]) } });
    renderApp('/settings/staff');
    const list = await screen.findByRole('list', { name: 'स्टाफ़' }, slow);
    expect(screen.getByRole('heading', { name: 'स्टाफ़', level: 1 })).toBeVisible();
    expect(within(list).getByText('निमंत्रण बाकी')).toBeVisible();
    expect(within(list).getByText('कभी साइन इन नहीं किया')).toBeVisible();
    expect(within(list).getByRole('button', { name: 'Ravi Kumar के लिए विकल्प' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'स्टाफ़ सदस्य जोड़ें' }));
    const dialog = await screen.findByRole('dialog', { name: 'स्टाफ़ सदस्य जोड़ें' });
    expect(within(dialog).getByRole('textbox', { name: /^नाम/ })).toBeVisible();
    expect(within(dialog).getByRole('radiogroup', { name: 'भूमिका' })).toBeVisible();
    expect(within(dialog).getByRole('radio', { name: 'अस्थायी पासवर्ड' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'पासवर्ड दिखाएँ' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'रद्द करें' })).toBeVisible();
  });

  it('shows Settings > Billing in Kannada, its validation messages too', async () => {
    await activateLanguage('kn');
    storeSession(makeUser('MULTIHOSPITAL', 'ADMIN', { language: 'kn' }));
    withApi({ 'GET /billing/settings': { data: billing }, 'GET /billing/facilities': { data: { data: [jayanagar] } } });
    renderApp('/settings/billing');
    expect(await screen.findByRole('heading', { name: 'ಶುಲ್ಕಗಳು', level: 2 }, slow)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'ಬಿಲ್ಲಿಂಗ್', level: 1 })).toBeVisible();
    // The page's own link to the doctors, beside the sidebar's.
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'ವೈದ್ಯರು' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^ರಸೀದಿ ಪೂರ್ವಪ್ರತ್ಯಯ/ })).toHaveValue('JNR');

    const fee = screen.getByRole('spinbutton', { name: /^ನೋಂದಣಿ ಶುಲ್ಕ/ });
    await userEvent.clear(fee);
    await userEvent.click(screen.getByRole('button', { name: 'ಶುಲ್ಕಗಳು ಮತ್ತು ತೆರಿಗೆಗಳನ್ನು ಉಳಿಸಿ' }));
    expect(await screen.findByText('ಮೊತ್ತವನ್ನು ರೂಪಾಯಿಗಳಲ್ಲಿ ನಮೂದಿಸಿ')).toBeVisible();
  });

  it('shows Settings > Online booking in Tamil', async () => {
    await activateLanguage('ta');
    storeSession(makeUser('HOSPITAL', 'ADMIN', { language: 'ta' }));
    withApi({ 'GET /settings/online-booking': { data: booking }, 'GET /settings/organisation': { data: profile } });
    renderApp('/settings/online-booking');
    expect(await screen.findByRole('heading', { name: 'உங்கள் முன்பதிவுப் பக்கம்' }, slow)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'ஆன்லைன் முன்பதிவு', level: 1 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'நகலெடு' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'பக்க முகவரி' })).toHaveValue('sunrise-hospital');
    expect(screen.getByRole('link', { name: 'சுவரொட்டியை அச்சிடு' })).toBeVisible();
    const doctors = screen.getByRole('region', { name: 'மருத்துவர்கள்' });
    expect(within(doctors).getByRole('switch', { name: 'Dr. Meera Joshi ஆன்லைன் முன்பதிவுகளை ஏற்கிறார்' })).toBeChecked();
  });
});
