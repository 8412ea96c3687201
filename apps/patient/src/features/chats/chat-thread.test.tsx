import type { PatientChatMessage } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn, type Call } from '@/test/fake-api';
import { emit } from '@/test/fake-socket';
import { renderApp } from '@/test/render-app';
import { appointment, page } from '@/test/visit-fixtures';
import { conversation, conversationId, message, organisationId } from './chat-fixtures';

const threadPath = `/patient/chats/${conversationId}/messages`;

/** The server's thread: the messages it holds, newest page last; the patient's sends join it. */
function thread(messages: PatientChatMessage[], extra: Record<string, (call: Call) => { status: number; body?: unknown }> = {}) {
  return fakeApi({
    [`GET ${threadPath}`]: () => ({ status: 200, body: { conversation: conversation(), messages, previousCursor: null } }),
    [`POST /patient/chats/${conversationId}/read`]: () => ({ status: 200, body: { unreadCount: 0 } }),
    [`POST ${threadPath}`]: (call) => {
      const body = call.body as { text: string; clientId: string; attachmentUploadId?: string };
      const sent = message({
        sender: 'PATIENT',
        staffId: null,
        senderName: 'Asha Verma',
        text: body.text,
        clientId: body.clientId,
        createdAt: '2026-03-02T06:00:00.000Z',
        attachment: body.attachmentUploadId ? { uploadId: body.attachmentUploadId, name: 'rash.jpg', mimeType: 'image/jpeg', size: 2048, url: '/api/uploads/private/x?sig' } : null,
      });
      messages.push(sent);
      return { status: 201, body: sent };
    },
    ...extra,
  });
}

/** The thread once loaded (its organisation in the title). */
async function log() {
  await screen.findByRole('heading', { name: 'Sanjeevani Multispeciality Hospital' });
  return screen.getByRole('log', { name: 'Messages' });
}

describe('Chats: one thread', () => {
  it('shows the thread oldest first, the desk’s attachments as links, and ✓ / ✓✓ on the patient’s own messages', async () => {
    signedIn();
    const { calls } = thread([
      message({ sender: 'PATIENT', staffId: null, senderName: 'Asha Verma', text: 'Is my report ready?', readAt: '2026-03-02T05:10:00.000Z' }),
      message({
        text: 'Here it is',
        attachment: { uploadId: 'u1', name: 'report.pdf', mimeType: 'application/pdf', size: 120_000, url: '/api/uploads/private/u1?expires=1&signature=s' },
      }),
      message({ text: '', attachment: { uploadId: 'u2', name: 'xray.jpg', mimeType: 'image/jpeg', size: 90_000, url: '/api/uploads/private/u2?expires=1&signature=s' } }),
      message({ sender: 'PATIENT', staffId: null, senderName: 'Asha Verma', text: 'Thank you' }),
    ]);
    await renderApp(`/p/chats/${conversationId}`);
    expect(await screen.findByRole('heading', { name: 'Sanjeevani Multispeciality Hospital' })).toBeInTheDocument();
    const items = within(await log())
      .getAllByRole('listitem')
      .filter((item) => item.textContent);
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Is my report ready?'),
      expect.stringContaining('Here it is'),
      expect.stringContaining('Reception'),
      expect.stringContaining('Thank you'),
    ]);
    expect(within(items[0]!).getByRole('img', { name: 'Read' })).toBeInTheDocument();
    expect(within(items[3]!).getByRole('img', { name: 'Sent' })).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('img', { name: /Read|Sent/ })).not.toBeInTheDocument();
    expect(within(items[1]!).getByRole('link', { name: 'Open report.pdf' })).toHaveAttribute('href', '/api/uploads/private/u1?expires=1&signature=s');
    expect(within(items[2]!).getByRole('img', { name: 'xray.jpg' })).toHaveAttribute('src', '/api/uploads/private/u2?expires=1&signature=s');
    // The desk's messages were unread: opening the thread reads them.
    await waitFor(() => expect(calls.filter((call) => call.path === `/patient/chats/${conversationId}/read`)).toHaveLength(1));
  });

  it('sends text, shows it with ✓, and turns it ✓✓ when the desk reads it (a live event)', async () => {
    signedIn();
    const messages = [message({ text: 'How can we help?', readAt: '2026-03-02T05:01:00.000Z' })];
    const { calls } = thread(messages);
    await renderApp(`/p/chats/${conversationId}`);
    await log();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Can I come at 5?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const mine = await within(await log()).findByText('Can I come at 5?');
    const bubble = mine.closest('li')!;
    await waitFor(() => expect(within(bubble).getByRole('img', { name: 'Sent' })).toBeInTheDocument());
    const send = calls.find((call) => call.method === 'POST' && call.path === threadPath)!;
    expect(send.body).toEqual({ text: 'Can I come at 5?', clientId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');

    // The desk opens the chat: the server says so over the patient socket, the thread is read again.
    messages[1] = { ...messages[1]!, readAt: '2026-03-02T06:01:00.000Z' };
    await emit({ type: 'chat.message', messageId: messages[1].id, conversationId, patientId: messages[1].id });
    await waitFor(() => expect(within(screen.getByText('Can I come at 5?').closest('li')!).getByRole('img', { name: 'Read' })).toBeInTheDocument());
    // Nothing of the desk's was unread: no read call.
    expect(calls.filter((call) => call.path.endsWith('/read'))).toHaveLength(0);
  });

  it('adds the desk’s new message when the patient socket announces it, and marks it read', async () => {
    signedIn();
    const messages = [message({ sender: 'PATIENT', staffId: null, senderName: 'Asha Verma', text: 'Hello?' })];
    const { calls } = thread(messages);
    await renderApp(`/p/chats/${conversationId}`);
    await within(await log()).findByText('Hello?');
    const reply = message({ text: 'Yes, we are open till 8.' });
    messages.push(reply);
    await emit({ type: 'chat.message', messageId: reply.id, conversationId });
    expect(await within(await log()).findByText('Yes, we are open till 8.')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.path.endsWith('/read'))).toHaveLength(1));
    // Another conversation's event changes nothing here.
    const reads = calls.filter((call) => call.method === 'GET' && call.path === threadPath).length;
    await emit({ type: 'chat.message', messageId: reply.id, conversationId: '5f0c7a2e-1b7e-4c1a-9a53-00000000c0ff' });
    expect(calls.filter((call) => call.method === 'GET' && call.path === threadPath)).toHaveLength(reads);
  });

  it('attaches a photo: checks it, uploads it with progress to the organisation, then sends it', async () => {
    signedIn();
    const { calls } = thread([message({ text: 'Send a photo please', readAt: '2026-03-02T05:01:00.000Z' })], {
      'POST /patient/uploads': () => ({
        status: 201,
        body: {
          id: 'a0c7a2e1-1b7e-4c1a-9a53-000000000u01',
          name: 'rash.jpg',
          mimeType: 'image/jpeg',
          size: 2048,
          visibility: 'private',
          url: '/x',
          createdAt: '2026-03-02T06:00:00.000Z',
        },
      }),
    });
    await renderApp(`/p/chats/${conversationId}`);
    await log();
    const input = screen.getByLabelText('Attach a photo or PDF');
    expect(input).toHaveAttribute('accept', 'image/*,application/pdf');

    // Refused at once, before any upload: the wrong type, then a photo over 5 MB.
    await userEvent.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a photo (JPEG, PNG or WebP) or a PDF.');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await userEvent.upload(input, big);
    expect(await screen.findByRole('alert')).toHaveTextContent('This photo is too large: at most 5 MB.');
    expect(calls.filter((call) => call.path === '/patient/uploads')).toHaveLength(0);

    await userEvent.upload(input, new File(['\xff\xd8\xff'], 'rash.jpg', { type: 'image/jpeg' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'Uploading rash.jpg' })).toBeInTheDocument();
    expect(await screen.findByText('Ready to send')).toBeInTheDocument();
    const upload = calls.find((call) => call.path === '/patient/uploads')!;
    expect(upload.query).toBe(`?organisationId=${organisationId}`);
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST' && call.path === threadPath)?.body).toMatchObject({
        text: '',
        attachmentUploadId: 'a0c7a2e1-1b7e-4c1a-9a53-000000000u01',
      }),
    );
    expect(await within(await log()).findByRole('link', { name: 'Open rash.jpg' })).toBeInTheDocument();
    expect(screen.queryByText('Ready to send')).not.toBeInTheDocument();
  });

  it('says why the server refused a file, and lets a failed send be retried with the same clientId', async () => {
    signedIn();
    let attempts = 0;
    const { calls } = thread([], {
      'POST /patient/uploads': () => ({
        status: 415,
        body: { statusCode: 415, error: 'Unsupported Media Type', message: 'Upload a JPEG, PNG or WebP image, or a PDF', issues: [{ path: 'file', message: 'x' }] },
      }),
      [`POST ${threadPath}`]: (call) => {
        attempts += 1;
        if (attempts === 1) return { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'Try again' } };
        const body = call.body as { text: string; clientId: string };
        return { status: 201, body: message({ sender: 'PATIENT', staffId: null, text: body.text, clientId: body.clientId }) };
      },
    });
    await renderApp(`/p/chats/${conversationId}`);
    await log();
    await userEvent.upload(screen.getByLabelText('Attach a photo or PDF'), new File(['<html>'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a photo (JPEG, PNG or WebP) or a PDF.');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove scan.pdf' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not sent. Something went wrong. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(screen.getByText('Hello').closest('li')!).getByRole('img', { name: 'Sent' })).toBeInTheDocument());
    const sends = calls.filter((call) => call.method === 'POST' && call.path === threadPath).map((call) => (call.body as { clientId: string }).clientId);
    expect(sends).toHaveLength(2);
    expect(sends[0]).toBe(sends[1]);
  });

  it('starts a conversation with an organisation of the patient’s visits by its first message', async () => {
    signedIn();
    const { calls } = fakeApi({
      'GET /patient/appointments': () => ({ status: 200, body: page([appointment()]) }),
      'GET /patient/bookings': () => ({ status: 200, body: page([]) }),
      'POST /patient/chats': (call) => ({
        status: 201,
        body: { conversationId, message: message({ sender: 'PATIENT', text: (call.body as { text: string }).text, clientId: (call.body as { clientId: string }).clientId }) },
      }),
      [`GET ${threadPath}`]: () => ({ status: 200, body: { conversation: conversation(), messages: [], previousCursor: null } }),
    });
    await renderApp(`/p/chats/new?organisation=${organisationId}`);
    expect(await screen.findByRole('heading', { name: 'Sanjeevani Multispeciality Hospital' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Do you have parking?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/p/chats/${conversationId}`));
    expect(calls.find((call) => call.path === '/patient/chats')?.body).toMatchObject({ organisationId, text: 'Do you have parking?' });
  });
});
