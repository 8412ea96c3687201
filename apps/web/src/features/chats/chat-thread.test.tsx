import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { headerRoutes, installFakeApi } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { fakeChatServer } from './chat-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function consoleAt(server: ReturnType<typeof fakeChatServer>, path: string) {
  const api = installFakeApi({ ...headerRoutes(), ...server.routes });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'ADMIN'));
  return { ...renderApp(path), api };
}

const dayHeaders = () =>
  within(screen.getByRole('log', { name: 'Messages' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('a chat thread', () => {
  it('groups messages by day under chat-date headers, with sender, time and delivered/read marks', async () => {
    const server = fakeChatServer();
    const ravi = server.add('Ravi Kumar', {
      messages: [
        { text: 'Is my MRI report ready?', createdAt: '2026-03-02T09:30:00.000Z', readAt: '2026-03-02T09:40:00.000Z' },
        { sender: 'STAFF', senderName: 'Asha Rao', text: 'Yes, collect it at the desk.', createdAt: '2026-03-02T09:45:00.000Z', readAt: '2026-03-02T10:00:00.000Z' },
        { sender: 'STAFF', senderName: 'Asha Rao', text: 'We open at 9.', createdAt: '2026-03-03T08:00:00.000Z', readAt: null },
      ],
    });
    consoleAt(server, `/chats/${ravi.conversation.patientId}`);
    await screen.findByText('Is my MRI report ready?', {}, slow);
    // Mid-day UTC: the same calendar days in every time zone the tests may run in.
    expect(dayHeaders()).toEqual(['Monday, March 2, 2026', 'Tuesday, March 3, 2026']);
    const monday = screen.getByRole('region', { name: 'Monday, March 2, 2026' });
    const [patientMessage, staffMessage] = within(monday).getAllByRole('listitem');
    expect(within(patientMessage!).getByText('Ravi Kumar')).toBeInTheDocument();
    expect(within(patientMessage!).getByText(dayjs('2026-03-02T09:30:00.000Z').format('h:mm a'))).toBeInTheDocument();
    expect(within(patientMessage!).queryByRole('img', { name: /Read|Delivered/ })).not.toBeInTheDocument();
    expect(within(staffMessage!).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(staffMessage!).getByRole('img', { name: 'Read' })).toBeInTheDocument();
    const tuesday = screen.getByRole('region', { name: 'Tuesday, March 3, 2026' });
    expect(within(tuesday).getByText(dayjs('2026-03-03T08:00:00.000Z').format('h:mm a'))).toBeInTheDocument();
    expect(within(tuesday).getByRole('img', { name: 'Delivered' })).toBeInTheDocument();
  });

  it('takes the keyboard into a thread of plain text, so it can be scrolled without a mouse (axe: scrollable-region-focusable)', async () => {
    const server = fakeChatServer();
    const ravi = server.add('Ravi Kumar', { messages: [{ text: 'Is my MRI report ready?', createdAt: '2026-03-02T09:30:00.000Z', readAt: null }] });
    consoleAt(server, `/chats/${ravi.conversation.patientId}`);
    await screen.findByText('Is my MRI report ready?', {}, slow);
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(within(log).queryAllByRole('button')).toEqual([]);
    expect(log).toHaveAttribute('tabindex', '0');
    log.focus();
    expect(log).toHaveFocus();
  });

  it('renders text as text, keeps line breaks, and opens links safely in a new tab', async () => {
    const server = fakeChatServer();
    const text = '<img src=x onerror="alert(1)"> <b>bold</b>\nSee https://example.org/report?id=7. Thanks';
    const ravi = server.add('Ravi Kumar', { messages: [{ text, readAt: new Date().toISOString() }] });
    const { container } = consoleAt(server, `/chats/${ravi.conversation.patientId}`);
    const link = await screen.findByRole('link', { name: 'https://example.org/report?id=7' }, slow);
    expect(link).toHaveAttribute('href', 'https://example.org/report?id=7');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const body = link.parentElement!;
    expect(body.textContent).toBe(text);
    expect(body).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it('marks the thread read on opening and links to the patient record and a new appointment', async () => {
    const server = fakeChatServer();
    const ravi = server.add('Ravi Kumar', { messages: [{ text: 'Hello?' }] });
    const { router } = consoleAt(server, `/chats/${ravi.conversation.patientId}`);
    await screen.findByText('Hello?', {}, slow);
    await waitFor(() => expect(server.reads).toEqual([ravi.conversation.patientId]));
    expect(screen.getByRole('link', { name: 'Patient record' })).toHaveAttribute('href', `/user/${ravi.conversation.patientId}`);
    expect(screen.getByRole('link', { name: 'Book appointment' })).toHaveAttribute('href', `/appointments?new=1&patientId=${ravi.conversation.patientId}`);
    await userEvent.click(screen.getByRole('link', { name: 'Back to chats' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats'));
    expect(await screen.findByRole('link', { name: /^Ravi Kumar\b/ })).toBeInTheDocument();
  });

  it('loads earlier messages by the previous cursor, oldest on top, each once', async () => {
    const server = fakeChatServer();
    const start = Date.parse('2026-03-02T04:30:00.000Z');
    const messages = Array.from({ length: 35 }, (_, index) => ({
      text: `Line ${index + 1}`,
      createdAt: new Date(start + index * 60_000).toISOString(),
      readAt: new Date(start).toISOString(),
    }));
    const ravi = server.add('Ravi Kumar', { messages });
    const { api } = consoleAt(server, `/chats/${ravi.conversation.patientId}`);
    await screen.findByText('Line 35', {}, slow);
    expect(screen.queryByText('Line 5')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await screen.findByText('Line 1');
    const texts = within(screen.getByRole('log', { name: 'Messages' }))
      .getAllByText(/^Line \d+$/)
      .map((node) => node.textContent);
    expect(texts).toEqual(messages.map((message) => message.text));
    expect(api.calls.filter((call) => call.url === `/chats/${ravi.conversation.patientId}`)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });

  it("shows a not-found state in the page for another organisation's or an unknown patient", async () => {
    const server = fakeChatServer();
    server.add('Ravi Kumar', { messages: [{ text: 'Hello' }] });
    const { router } = consoleAt(server, '/chats/99999999-0000-4000-8000-000000000000');
    expect(await screen.findByText('Patient not found', {}, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/chats/99999999-0000-4000-8000-000000000000');
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });
});
