import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { makeService, servicePage } from '@/test/service-fixtures';

let restore: (() => void) | undefined;
// The active language is module state, as in the browser: each test starts in English.
afterEach(async () => {
  restore?.();
  await activateLanguage('en');
});

async function openIn(language: 'hi' | 'kn', type: 'MULTIHOSPITAL' | 'HOSPITAL', role: 'ADMIN' | 'WORKER', path: string, routes: Record<string, FakeRoute>) {
  restore = installFakeApi({ ...headerRoutes(), ...routes }).restore;
  await activateLanguage(language);
  storeSession(makeUser(type, role, { language }));
  renderApp(path);
}

describe('the scans, tests and other services in Hindi and Kannada', () => {
  it('lists scans and tests in Kannada under the menu’s own title, with its filters and headers', async () => {
    await openIn('kn', 'MULTIHOSPITAL', 'WORKER', '/scan', {
      'GET /services': { data: servicePage([makeService({ name: 'CT Chest', kind: 'SCAN', durationMinutes: 20 })]) },
    });
    expect(await screen.findByRole('heading', { name: 'ಸ್ಕ್ಯಾನ್ ಮತ್ತು ಪರೀಕ್ಷೆಗಳು', level: 1 }, slow)).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'ಸ್ಕ್ಯಾನ್ ಮತ್ತು ಪರೀಕ್ಷೆಗಳು' });
    expect(await within(grid).findByText('CT Chest')).toBeInTheDocument();
    for (const header of ['ಹೆಸರು', 'ಪ್ರಕಾರ', 'ಬೆಲೆ', 'ಅವಧಿ']) expect(within(grid).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(within(grid).getByText('ಸ್ಕ್ಯಾನ್')).toBeInTheDocument();
    expect(within(grid).getByText('20 ನಿಮಿಷ')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'ಪ್ರಕಾರ' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'ವರ್ಗ' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ಸ್ಕ್ಯಾನ್ ಅಥವಾ ಪರೀಕ್ಷೆ ಸೇರಿಸಿ' })).toBeInTheDocument();
  });

  it('asks for a new scan in Hindi: heading, sections and field labels', async () => {
    await openIn('hi', 'MULTIHOSPITAL', 'WORKER', '/scan/new', {});
    expect(await screen.findByRole('heading', { name: 'स्कैन या जाँच जोड़ें', level: 1 }, slow)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'प्रकार' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'नाम' })).toBeRequired();
    expect(screen.getByRole('spinbutton', { name: 'कीमत' })).toBeRequired();
    expect(screen.getByRole('spinbutton', { name: 'प्रति स्लॉट क्षमता' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'तैयारी के निर्देश' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'SAC/HSN कोड' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'सक्रिय (बुक की जा सकती है)' })).toBeChecked();
  });

  it("shows an other service's details in Hindi", async () => {
    const service = makeService({ name: 'Home nursing', kind: 'OTHER', gstRateBp: 0 });
    await openIn('hi', 'HOSPITAL', 'ADMIN', `/service/${service.id}`, { [`GET /services/${service.id}`]: { data: service } });
    expect(await screen.findByRole('heading', { name: 'Home nursing', level: 1 }, slow)).toBeInTheDocument();
    expect(screen.getByText('कीमत')).toBeInTheDocument();
    expect(screen.getByText('छूट')).toBeInTheDocument();
  });
});
