import type { BillingSettings, FacilityBilling } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { badRequest, restoreApi, slow, withApi } from './settings-fixtures';

afterEach(restoreApi);

const settings: BillingSettings = {
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

const facility = (n: number, name: string, extra: Partial<FacilityBilling> = {}): FacilityBilling => ({
  facilityId: `80000000-0000-4000-8000-00000000000${n}`,
  facilityName: name,
  receiptPrefix: `F${n}-RCT`,
  invoicePrefix: `F${n}-INV`,
  creditNotePrefix: `F${n}-CN`,
  gstin: null,
  registrationFeePaise: null,
  followUpFeePaise: null,
  ...extra,
});
const jayanagar = facility(1, 'Jayanagar Hospital');
const whitefield = facility(2, 'Whitefield Clinic', { gstin: '29ABCDE1234F1Z5', registrationFeePaise: 5_000 });

async function openBilling(routes: Record<string, FakeRoute> = {}) {
  storeSession(makeUser('MULTIHOSPITAL', 'ADMIN'));
  const api = withApi({
    'GET /billing/settings': { data: settings },
    'PATCH /billing/settings': (body) => ({ data: { ...settings, ...(body as object) } }),
    'GET /billing/facilities': { data: { data: [jayanagar, whitefield] } },
    ...routes,
  });
  renderApp('/settings/billing');
  await screen.findByRole('heading', { name: 'Fees', level: 2 }, slow);
  return { api, user: userEvent.setup() };
}

const patches = (api: Awaited<ReturnType<typeof openBilling>>['api'], url: string) => api.calls.filter((call) => call.method === 'PATCH' && call.url === url);

describe('Settings > Billing', () => {
  it('shows the fees in rupees, the windows, the taxes and each facility’s GSTIN and prefixes', async () => {
    await openBilling();
    expect(screen.getByRole('heading', { name: 'Billing', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Registration fee' })).toHaveValue(100);
    expect(screen.getByRole('spinbutton', { name: 'Follow-up fee' })).toHaveValue(null);
    expect(screen.getByRole('spinbutton', { name: 'Follow-up window' })).toHaveValue(30);
    expect(screen.getByRole('spinbutton', { name: 'Free follow-up window' })).toHaveValue(7);
    expect(screen.getByRole('spinbutton', { name: 'Staff discount limit' })).toHaveValue(10);
    expect(screen.getByRole('textbox', { name: 'Consultation SAC code' })).toHaveValue('999312');
    expect(screen.getByRole('combobox', { name: 'Consultation GST rate' })).toHaveTextContent('Exempt (0 %)');
    expect(within(screen.getByRole('region', { name: 'Fees' })).getByRole('link', { name: 'Doctors' })).toHaveAttribute('href', '/doctor');

    const second = screen.getByRole('region', { name: 'Whitefield Clinic' });
    expect(within(second).getByRole('textbox', { name: 'GSTIN' })).toHaveValue('29ABCDE1234F1Z5');
    expect(within(second).getByRole('spinbutton', { name: 'Registration fee here' })).toHaveValue(50);
    expect(within(second).getByRole('textbox', { name: 'Receipt prefix' })).toHaveValue('F2-RCT');
    expect(within(second).getByText(/^e\.g\. F2-RCT\/\d{4}-\d{2}\/000123$/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Jayanagar Hospital' })).toBeInTheDocument();
  }, 40_000);

  it('saves fees in paise, a blank follow-up fee as the doctor’s, and a GST rate from the list', async () => {
    const { api, user } = await openBilling();
    const button = screen.getByRole('button', { name: 'Save fees and taxes' });
    expect(button).toBeDisabled();
    const registration = screen.getByRole('spinbutton', { name: 'Registration fee' });
    await user.clear(registration);
    await user.type(registration, '150.50');
    await user.type(screen.getByRole('spinbutton', { name: 'Follow-up fee' }), '300');
    await user.click(screen.getByRole('combobox', { name: 'Registration GST rate' }));
    await user.click(await screen.findByRole('option', { name: '18 %' }));
    await user.click(button);
    await waitFor(() =>
      expect(patches(api, '/billing/settings').at(-1)?.body).toEqual({ ...settings, registrationFeePaise: 15_050, followUpFeePaise: 30_000, registrationGstRateBp: 1800 }),
    );
    expect(await screen.findByText('Fees and taxes saved', {}, slow)).toBeInTheDocument();
  }, 40_000);

  it('refuses bad values under their fields before sending anything', async () => {
    const { api, user } = await openBilling();
    const window = screen.getByRole('spinbutton', { name: 'Free follow-up window' });
    await user.clear(window);
    await user.type(window, '400');
    const sac = screen.getByRole('textbox', { name: 'Consultation SAC code' });
    await user.clear(sac);
    await user.type(sac, '12');
    const limit = screen.getByRole('spinbutton', { name: 'Staff discount limit' });
    await user.clear(limit);
    await user.click(screen.getByRole('button', { name: 'Save fees and taxes' }));
    expect(await screen.findByText('Enter at most 365 days')).toBeInTheDocument();
    expect(window).toHaveAccessibleDescription('Enter at most 365 days');
    expect(sac).toHaveAccessibleDescription('A SAC/HSN code is 4 to 8 digits');
    expect(limit).toHaveAccessibleDescription('Enter a percentage');
    expect(patches(api, '/billing/settings')).toHaveLength(0);
  }, 40_000);

  it('puts the server’s refusal under the field it names, in rupees', async () => {
    const { user } = await openBilling({ 'PATCH /billing/settings': badRequest('registrationFeePaise', 'Enter a fee of at most ₹1,00,000') });
    const registration = screen.getByRole('spinbutton', { name: 'Registration fee' });
    await user.clear(registration);
    await user.type(registration, '200');
    await user.click(screen.getByRole('button', { name: 'Save fees and taxes' }));
    await waitFor(() => expect(registration).toHaveAccessibleDescription('Enter a fee of at most ₹1,00,000'));
  }, 40_000);

  it('saves one facility’s GSTIN, prefixes and fees, and shows a prefix another facility uses under its field', async () => {
    let answer: FakeRoute = {
      status: 409,
      data: { statusCode: 409, error: 'Conflict', message: 'Another facility uses this prefix', issues: [{ path: 'receiptPrefix', message: 'Another facility uses this prefix' }] },
    };
    const url = `/billing/facilities/${jayanagar.facilityId}`;
    const { api, user } = await openBilling({ [`PATCH ${url}`]: (body, config) => (typeof answer === 'function' ? answer(body, config) : answer) });
    const first = screen.getByRole('region', { name: 'Jayanagar Hospital' });
    const receipt = within(first).getByRole('textbox', { name: 'Receipt prefix' });
    await user.clear(receipt);
    await user.type(receipt, 'F2-RCT');
    await user.click(within(first).getByRole('button', { name: 'Save facility' }));
    await waitFor(() => expect(receipt).toHaveAccessibleDescription('Another facility uses this prefix'));

    answer = (body) => ({ data: { ...jayanagar, ...(body as object) } });
    await user.clear(receipt);
    await user.type(receipt, 'jnr');
    expect(within(first).getByText(/^e\.g\. JNR\/\d{4}-\d{2}\/000123$/)).toBeInTheDocument();
    await user.type(within(first).getByRole('textbox', { name: 'GSTIN' }), '29abcde1234f1z5');
    await user.type(within(first).getByRole('spinbutton', { name: 'Follow-up fee here' }), '250');
    await user.click(within(first).getByRole('button', { name: 'Save facility' }));
    await waitFor(() =>
      expect(patches(api, url).at(-1)?.body).toEqual({
        gstin: '29ABCDE1234F1Z5',
        receiptPrefix: 'JNR',
        invoicePrefix: 'F1-INV',
        creditNotePrefix: 'F1-CN',
        registrationFeePaise: null,
        followUpFeePaise: 25_000,
      }),
    );
    expect(await screen.findByText('Jayanagar Hospital saved', {}, slow)).toBeInTheDocument();
  }, 40_000);

  it('refuses a malformed GSTIN before sending it', async () => {
    const { api, user } = await openBilling();
    const first = screen.getByRole('region', { name: 'Jayanagar Hospital' });
    const gstin = within(first).getByRole('textbox', { name: 'GSTIN' });
    await user.type(gstin, '29ABCDE');
    await user.click(within(first).getByRole('button', { name: 'Save facility' }));
    await waitFor(() => expect(gstin).toHaveAccessibleDescription('Enter a valid 15-character GSTIN'));
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
  }, 40_000);

  it('sends a worker back to the settings hub', async () => {
    withApi({});
    storeSession(makeUser('MULTIHOSPITAL', 'WORKER'));
    renderApp('/settings/billing');
    expect(await screen.findByRole('heading', { name: 'Your account' }, slow)).toBeInTheDocument();
  }, 40_000);
});
