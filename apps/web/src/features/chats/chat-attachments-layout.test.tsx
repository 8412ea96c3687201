import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headerRoutes, installFakeApi, recording } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { fakeChatServer } from './chat-fixtures';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  vi.restoreAllMocks();
});

const UPLOAD_ID = '50000000-0000-4000-8000-000000000001';

function consoleWith(server: ReturnType<typeof fakeChatServer>, path: string, extra = {}) {
  const api = installFakeApi({ ...headerRoutes(), ...server.routes, ...extra });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'ADMIN'));
  return { ...renderApp(path), api };
}

/** A screen at least `minWidth` wide, as MUI's useMediaQuery sees it. */
function screenWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    } as unknown as MediaQueryList;
  });
}

describe('attachments', () => {
  it('uploads a PDF privately, sends it with the message and opens it by a signed link', async () => {
    const server = fakeChatServer();
    const ravi = server.add('Ravi Kumar', { messages: [{ text: 'Send the bill please', readAt: new Date().toISOString() }] });
    server.uploads.set(UPLOAD_ID, { uploadId: UPLOAD_ID, name: 'bill.pdf', mimeType: 'application/pdf', size: 2048 });
    const upload = recording(() => ({
      status: 201,
      data: { id: UPLOAD_ID, name: 'bill.pdf', mimeType: 'application/pdf', size: 2048, visibility: 'private', url: '/api/uploads/x', createdAt: new Date().toISOString() },
    }));
    consoleWith(server, `/chats/${ravi.conversation.patientId}`, {
      'POST /admin/upload': upload.route,
      [`GET /uploads/${UPLOAD_ID}/signed-url`]: { data: { url: '/api/uploads/signed/abc', expiresAt: new Date(Date.now() + 300_000).toISOString() } },
    });
    await screen.findByText('Send the bill please', {}, slow);
    const input = screen.getByTestId('chat-attachment-input');
    await userEvent.upload(input, new File(['%PDF-1.4'], 'bill.pdf', { type: 'application/pdf' }));
    const body = upload.seen[0]?.body as FormData;
    expect(body.get('visibility')).toBe('private');
    expect(await screen.findByText('bill.pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.sends).toEqual([expect.objectContaining({ text: '', attachmentUploadId: UPLOAD_ID })]));

    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await userEvent.click(await within(screen.getByRole('log', { name: 'Messages' })).findByRole('button', { name: 'Open bill.pdf' }));
    await waitFor(() => expect(tab.location.href).toBe(`${window.location.origin}/api/uploads/signed/abc`));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
  });

  it('refuses a file that is neither an image nor a PDF before uploading', async () => {
    const server = fakeChatServer();
    const ravi = server.add('Ravi Kumar', { messages: [{ text: 'Hi', readAt: new Date().toISOString() }] });
    const { api } = consoleWith(server, `/chats/${ravi.conversation.patientId}`);
    await screen.findByText('Hi', {}, slow);
    await userEvent.upload(screen.getByTestId('chat-attachment-input'), new File(['x'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose an image (JPEG, PNG, WebP) or a PDF.');
    expect(api.calls.some((call) => call.url === '/admin/upload')).toBe(false);
  });
});

describe('the chats layout', () => {
  it('on a phone shows the list and the thread as separate screens with a back button', async () => {
    screenWidth(375);
    const server = fakeChatServer();
    server.add('Ravi Kumar', { messages: [{ text: 'Hello from Ravi', readAt: new Date().toISOString() }] });
    const { router } = consoleWith(server, '/chats');
    await userEvent.click(await screen.findByRole('link', { name: /^Ravi Kumar\b/ }, slow));
    expect(await screen.findByText('Hello from Ravi')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Conversations' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to chats' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats'));
    expect(await screen.findByRole('navigation', { name: 'Conversations' })).toBeInTheDocument();
    expect(screen.queryByRole('log', { name: 'Messages' })).not.toBeInTheDocument();
  });

  it('on a desktop shows the list and the open conversation side by side', async () => {
    screenWidth(1440);
    const server = fakeChatServer();
    const ravi = server.add('Ravi Kumar', { messages: [{ text: 'Hello from Ravi', readAt: new Date().toISOString() }] });
    server.add('Meera Nair', { messages: [{ text: 'Hello from Meera', readAt: new Date().toISOString() }] });
    const { router } = consoleWith(server, '/chats');
    expect(await screen.findByText('Select a conversation', {}, slow)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('link', { name: /^Ravi Kumar\b/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chats/${ravi.conversation.patientId}`));
    const thread = await screen.findByRole('region', { name: 'Chat with Ravi Kumar' });
    expect(within(thread).getByText('Hello from Ravi')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Conversations' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Ravi Kumar\b/ })).toHaveAttribute('aria-current', 'page');
    expect(within(thread).queryByRole('link', { name: 'Back to chats' })).not.toBeInTheDocument();
  });
});
