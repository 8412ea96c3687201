import { CHAT_MESSAGE_MAX_LENGTH } from '@caredesk/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { FakeSocket, fakeLiveEventsClient } from '@/test/fake-live-events';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { fakeChatServer } from './chat-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

async function openThread(overrides: (server: ReturnType<typeof fakeChatServer>, patientId: string) => Record<string, FakeRoute> = () => ({})) {
  const server = fakeChatServer();
  const chat = server.add('Ravi Kumar', { messages: [{ text: 'Is my report ready?', readAt: new Date().toISOString() }] });
  const patientId = chat.conversation.patientId;
  const api = installFakeApi({ ...headerRoutes(), ...server.routes, ...overrides(server, patientId) });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'ADMIN'));
  const liveEvents = fakeLiveEventsClient();
  const view = renderApp(`/chats/${patientId}`, { liveEvents });
  await screen.findByText('Is my report ready?', {}, slow);
  act(() => FakeSocket.last().ready());
  const box = screen.getByRole('textbox', { name: 'Message' });
  return { ...view, api, server, chat, patientId, box };
}

const log = () => within(screen.getByRole('log', { name: 'Messages' }));

describe('the composer', () => {
  it('sends on Enter, starts a new line on Shift+Enter, counts characters and clears after sending', async () => {
    const { server, box } = await openThread();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    expect(screen.getByText(`0 / ${CHAT_MESSAGE_MAX_LENGTH}`)).toBeInTheDocument();
    await userEvent.type(box, '   ');
    expect(send).toBeDisabled();
    await userEvent.clear(box);
    await userEvent.type(box, 'Yes,{Shift>}{Enter}{/Shift}collect it today');
    expect(box).toHaveValue('Yes,\ncollect it today');
    expect(screen.getByText(`21 / ${CHAT_MESSAGE_MAX_LENGTH}`)).toBeInTheDocument();
    expect(server.sends).toHaveLength(0);
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(server.sends).toHaveLength(1));
    expect(server.sends[0]).toMatchObject({ text: 'Yes,\ncollect it today', clientId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(box).toHaveValue('');
    expect(await log().findByText('Yes, collect it today', { normalizer: (text) => text.replace(/\s+/g, ' ') })).toBeInTheDocument();
  });

  it('refuses a message over the 2,000-character limit', async () => {
    const { server, box } = await openThread();
    fireEvent.change(box, { target: { value: 'a'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) } });
    expect(screen.getByText(`2001 / ${CHAT_MESSAGE_MAX_LENGTH}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.change(box, { target: { value: 'a'.repeat(CHAT_MESSAGE_MAX_LENGTH) } });
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(server.sends).toHaveLength(0);
  });
});

describe('sending', () => {
  it("shows the message at once as 'Sending…', then the server's copy, never twice even when a live refetch races it", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { server, box, chat } = await openThread((fake, patientId) => {
      const original = fake.routes[`POST /chats/${patientId}/messages`] as Exclude<FakeRoute, { status?: number }>;
      return {
        [`POST /chats/${patientId}/messages`]: async (body, config) => {
          // The server stores the message at once, but its answer is held back.
          const stored = await original(body, config);
          await gate;
          return stored;
        },
      };
    });
    await userEvent.type(box, 'On my way{Enter}');
    const pending = await log().findByText('On my way');
    expect(within(pending.closest('li')!).getByText('Sending…')).toBeInTheDocument();

    // The server has stored it (the first call), and a live event refetches the thread before the answer arrives.
    await waitFor(() => expect(chat.messages.map((message) => message.text)).toContain('On my way'));
    act(() => FakeSocket.last().receive({ type: 'chat.message', messageId: chat.messages.at(-1)!.id }));
    await waitFor(() => expect(log().queryByText('Sending…')).not.toBeInTheDocument());
    expect(log().getAllByText('On my way')).toHaveLength(1);

    release();
    await act(() => gate);
    expect(server.sends).toHaveLength(1);
    act(() => FakeSocket.last().receive({ type: 'chat.message', messageId: chat.messages.at(-1)!.id }));
    await waitFor(() => expect(within(log().getByText('On my way').closest('li')!).getByRole('img', { name: 'Delivered' })).toBeInTheDocument());
    expect(log().getAllByText('On my way')).toHaveLength(1);
    expect(chat.messages.filter((message) => message.text === 'On my way')).toHaveLength(1);
  });

  it("marks a failed send 'Not sent' and retries it with the same clientId", async () => {
    const { server, box } = await openThread();
    server.failure.reply = { status: 503, data: { message: 'Service unavailable' } };
    await userEvent.type(box, 'Your report is ready{Enter}');
    const message = (await log().findByText('Not sent')).closest('li')!;
    expect(within(message).getByText('Your report is ready')).toBeInTheDocument();

    server.failure.reply = null;
    await userEvent.click(within(message).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(log().queryByText('Not sent')).not.toBeInTheDocument());
    expect(server.sends).toHaveLength(2);
    expect(server.sends[1]?.clientId).toBe(server.sends[0]?.clientId);
    expect(log().getAllByText('Your report is ready')).toHaveLength(1);
    expect(within(log().getByText('Your report is ready').closest('li')!).getByRole('img', { name: 'Delivered' })).toBeInTheDocument();
  });

  it('resends a failed message by itself after the live channel reconnects', async () => {
    const { server, box } = await openThread();
    server.failure.reply = { status: 503, data: { message: 'Service unavailable' } };
    await userEvent.type(box, 'Are you there?{Enter}');
    await log().findByText('Not sent');
    server.failure.reply = null;
    act(() => FakeSocket.last().onclose?.({ code: 1006 }));
    await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(1), { timeout: 5000 });
    act(() => FakeSocket.last().ready());
    await waitFor(() => expect(log().queryByText('Not sent')).not.toBeInTheDocument());
    expect(server.sends.map((send) => send.clientId)).toEqual([server.sends[0]?.clientId, server.sends[0]?.clientId]);
    expect(log().getAllByText('Are you there?')).toHaveLength(1);
  });
});
