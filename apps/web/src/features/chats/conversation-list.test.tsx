import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { MID_MORNING, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi } from '@/test/fake-api';
import { FakeSocket, fakeLiveEventsClient } from '@/test/fake-live-events';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { fakeChatServer } from './chat-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function consoleWith(server: ReturnType<typeof fakeChatServer>, path = '/chats', options: Parameters<typeof renderApp>[1] = {}) {
  const api = installFakeApi({ ...headerRoutes(), ...server.routes });
  restore = api.restore;
  const user = makeUser('HOSPITAL', 'ADMIN');
  storeSession(user);
  return { ...renderApp(path, options), api, user };
}

const rowNames = () =>
  within(screen.getByRole('list', { name: 'Conversation list' }))
    .getAllByRole('link')
    .map((link) => {
      const title = link.querySelector('h6');
      return (title?.querySelector('[aria-hidden] + span') ?? title)?.textContent;
    });

describe('the conversation list', () => {
  // A message of today shows its time, an older one its date: pinned, so a run across midnight cannot flip it.
  pinClock(MID_MORNING.at);

  it('shows each patient with avatar letter, last message, time of day or date, and unread count, newest first', async () => {
    const server = fakeChatServer();
    const todayAt = dayjs().startOf('day').add(9, 'hour').add(5, 'minute');
    server.add('Meera Nair', { messages: [{ text: 'Old question', createdAt: '2026-03-02T06:30:00.000Z', readAt: '2026-03-02T07:00:00.000Z' }] });
    server.add('ravi Kumar', {
      messages: [
        { text: 'Is the MRI ready?', createdAt: todayAt.toISOString() },
        { text: 'Please call', createdAt: todayAt.add(1, 'minute').toISOString() },
      ],
    });
    consoleWith(server);

    const list = await screen.findByRole('list', { name: 'Conversation list' }, slow);
    expect(rowNames()).toEqual(['ravi Kumar, 2 unread', 'Meera Nair']);
    const ravi = within(list).getByRole('link', { name: /^ravi Kumar, 2 unread\b/ });
    expect(within(ravi).getByText('R')).toBeInTheDocument();
    expect(within(ravi).getByText('Please call')).toBeInTheDocument();
    expect(within(ravi).getByText(todayAt.add(1, 'minute').format('h:mm a'))).toBeInTheDocument();
    expect(within(ravi).getByText('2')).toBeInTheDocument();
    const meera = within(list).getByRole('link', { name: /^Meera Nair\b/ });
    expect(within(meera).getByText('02 Mar 2026')).toBeInTheDocument();
    expect(ravi).toHaveAttribute('href', expect.stringMatching(/^\/chats\/10000000-/));
  });

  it('searches by name or phone after typing stops, and filters unread, both in the URL', async () => {
    const server = fakeChatServer();
    server.add('Ravi Kumar', { messages: [{ text: 'Hello' }] });
    server.add('Meera Nair', { phone: '+919812300000', messages: [{ text: 'Thanks', readAt: new Date().toISOString() }] });
    const { router } = consoleWith(server);
    await screen.findByRole('list', { name: 'Conversation list' }, slow);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), '98123');
    await waitFor(() => expect(rowNames()).toEqual(['Meera Nair']), slow);
    expect(server.listQueries.filter((query) => query.search)).toEqual([{ search: '98123' }]);
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('98123');

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await waitFor(() => expect(rowNames()).toHaveLength(2), slow);
    await userEvent.click(screen.getByRole('button', { name: 'Unread (1)' }));
    await waitFor(() => expect(rowNames()).toEqual(['Ravi Kumar, 1 unread']), slow);
    expect(server.listQueries.at(-1)).toEqual({ unread: true });
    expect(router.state.location.search).toBe('?unread=true');
  });

  it('keeps the filter when a conversation is opened', async () => {
    const server = fakeChatServer();
    const ravi = server.add('Ravi Kumar', { messages: [{ text: 'Hello' }] });
    const { router } = consoleWith(server, '/chats?search=Ravi');
    await userEvent.click(await screen.findByRole('link', { name: /^Ravi Kumar, 1 unread\b/ }, slow));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chats/${ravi.conversation.patientId}`));
    expect(router.state.location.search).toBe('?search=Ravi');
  });

  it("loads the next page by cursor with 'Load more'", async () => {
    const server = fakeChatServer();
    for (let index = 0; index < 32; index += 1)
      server.add(`Patient ${String(index).padStart(2, '0')}`, {
        messages: [{ text: 'Hi', readAt: new Date().toISOString(), createdAt: new Date(Date.now() - index * 60_000).toISOString() }],
      });
    consoleWith(server);
    await screen.findByRole('list', { name: 'Conversation list' }, slow);
    expect(rowNames()).toHaveLength(30);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowNames()).toHaveLength(32));
    expect(server.listQueries.at(-1)).toMatchObject({ cursor: '30' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('moves a conversation to the top when a live chat.message arrives', async () => {
    const server = fakeChatServer();
    const ravi = server.add('Ravi Kumar', { messages: [{ text: 'Hello', createdAt: '2026-03-01T06:00:00.000Z', readAt: '2026-03-01T06:10:00.000Z' }] });
    server.add('Meera Nair', { messages: [{ text: 'Thanks', createdAt: '2026-03-02T06:00:00.000Z', readAt: '2026-03-02T06:10:00.000Z' }] });
    consoleWith(server, '/chats', { liveEvents: fakeLiveEventsClient() });
    await screen.findByRole('list', { name: 'Conversation list' }, slow);
    expect(rowNames()).toEqual(['Meera Nair', 'Ravi Kumar']);
    act(() => FakeSocket.last().ready());

    const message = server.receive(ravi, 'My report, please');
    act(() => FakeSocket.last().receive({ type: 'chat.message', messageId: message.id, conversationId: ravi.conversation.id }));
    await waitFor(() => expect(rowNames()).toEqual(['Ravi Kumar, 1 unread', 'Meera Nair']));
    expect(screen.getByText('My report, please')).toBeInTheDocument();
  });
});
