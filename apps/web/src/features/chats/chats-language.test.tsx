import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n';
import { headerRoutes, installFakeApi } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { fakeChatServer } from './chat-fixtures';

let restore: (() => void) | undefined;
// The active language is module state, as in the browser: each test ends back in English.
afterEach(async () => {
  restore?.();
  await activateLanguage('en');
});

/** An admin whose account speaks Hindi, with Ravi's conversation: his question, then the desk's reply. */
async function chatsInHindi(path: (patientId: string) => string) {
  const server = fakeChatServer();
  const ravi = server.add('Ravi Kumar', {
    messages: [
      { text: 'Is my MRI report ready?', createdAt: '2026-03-02T09:30:00.000Z', readAt: null },
      { sender: 'STAFF', senderName: 'Asha Rao', text: 'Yes, collect it at the desk.', createdAt: '2026-03-02T09:45:00.000Z', readAt: null },
      { text: 'Thank you', createdAt: '2026-03-02T09:50:00.000Z', readAt: null },
    ],
  });
  server.add('Meera Nair', { messages: [{ sender: 'STAFF', senderName: 'Asha Rao', text: 'Your slot is at 11.', createdAt: '2026-03-01T09:00:00.000Z', readAt: null }] });
  const api = installFakeApi({ ...headerRoutes(), ...server.routes });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'ADMIN', { language: 'hi' }));
  await activateLanguage('hi');
  renderApp(path(ravi.conversation.patientId));
}

describe('chats in Hindi', () => {
  it('the conversation list: heading, search, the unread filter and each row named with its unread count', async () => {
    await chatsInHindi(() => '/chats');
    expect(await screen.findByRole('heading', { name: 'चैट', level: 1 }, slow)).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'बातचीत' });
    expect(within(nav).getByRole('searchbox', { name: 'खोजें' })).toHaveAttribute('placeholder', 'मरीज़ का नाम या फ़ोन');
    const show = within(nav).getByRole('group', { name: 'दिखाएँ' });
    expect(within(show).getByRole('button', { name: 'सभी' })).toHaveAttribute('aria-pressed', 'true');
    expect(await within(show).findByRole('button', { name: 'अपठित (1)' })).toBeInTheDocument();
    const list = await within(nav).findByRole('list', { name: 'बातचीत की सूची' });
    expect(within(list).getByRole('link', { name: /^Ravi Kumar, 2 अपठित/ })).toBeInTheDocument();
    expect(within(list).getByText('आप: Your slot is at 11.')).toBeInTheDocument();
  });

  it('a thread: its region, the links to the record and to book, the messages and the composer', async () => {
    await chatsInHindi((patientId) => `/chats/${patientId}`);
    const thread = await screen.findByRole('region', { name: 'Ravi Kumar के साथ चैट' }, slow);
    expect(within(thread).getByRole('link', { name: 'चैट पर वापस जाएँ' })).toBeInTheDocument();
    expect(within(thread).getByRole('link', { name: 'मरीज़ का रिकॉर्ड' })).toBeInTheDocument();
    expect(within(thread).getByRole('link', { name: 'अपॉइंटमेंट बुक करें' })).toBeInTheDocument();
    const log = await within(thread).findByRole('log', { name: 'संदेश' });
    expect(within(log).getAllByRole('listitem', { name: 'मरीज़ का संदेश' })).toHaveLength(2);
    const reply = within(log).getByRole('listitem', { name: 'स्टाफ़ का संदेश' });
    expect(within(reply).getByRole('img', { name: 'पहुँच गया' })).toBeInTheDocument();
    const composer = within(thread).getByRole('form', { name: 'संदेश लिखें' });
    expect(within(composer).getByRole('textbox', { name: 'संदेश' })).toBeInTheDocument();
    expect(within(composer).getByRole('button', { name: 'फ़ाइल जोड़ें' })).toBeInTheDocument();
    expect(within(composer).getByRole('button', { name: 'भेजें' })).toBeDisabled();
  });
});
