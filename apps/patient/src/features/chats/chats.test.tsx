import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '@/test/fake-api';
import { emit } from '@/test/fake-socket';
import { renderApp } from '@/test/render-app';
import { appointment, booking, page } from '@/test/visit-fixtures';
import { conversation, organisationId } from './chat-fixtures';

const otherOrganisation = { organisationId: '7c9e6679-7425-40de-944b-0000000000b2', organisationName: 'Lotus Diagnostics & Imaging' };

describe('Chats: the list', () => {
  it('shows each desk with its last message, newest first, and how many are unread', async () => {
    signedIn();
    fakeApi({
      'GET /patient/chats': () => ({
        status: 200,
        body: {
          data: [
            conversation({ unreadCount: 2 }),
            conversation({
              id: '5f0c7a2e-1b7e-4c1a-9a53-00000000c002',
              organisation: { id: otherOrganisation.organisationId, name: otherOrganisation.organisationName, logoUrl: '/api/uploads/public/logo' },
              lastMessage: { text: '', sender: 'PATIENT', createdAt: '2026-03-01T05:00:00.000Z', hasAttachment: true },
              lastActivityAt: '2026-03-01T05:00:00.000Z',
            }),
          ],
          nextCursor: null,
        },
      }),
      'GET /patient/appointments': () => ({ status: 200, body: page([appointment()]) }),
      'GET /patient/bookings': () => ({ status: 200, body: page([]) }),
    });
    await renderApp('/p/chats');
    const list = await screen.findByRole('list', { name: 'Your chats' });
    const [first, second] = within(list).getAllByRole('link');
    expect(first).toHaveTextContent('Sanjeevani Multispeciality Hospital');
    expect(first).toHaveTextContent('Your report is ready.');
    expect(first).toHaveTextContent('2 unread messages');
    expect(first).toHaveAttribute('href', '/p/chats/5f0c7a2e-1b7e-4c1a-9a53-00000000c001');
    expect(second).toHaveTextContent('Lotus Diagnostics & Imaging');
    expect(second).toHaveTextContent('You: Attachment');
    expect(second).not.toHaveTextContent('unread');
    // Every organisation with a visit already has a chat: nothing to start.
    expect(screen.queryByRole('heading', { name: 'Message the desk' })).not.toBeInTheDocument();
    // The header leads here.
    expect(screen.getByRole('link', { name: 'Chats' })).toHaveAttribute('href', '/p/chats');
  });

  it('offers to message the desk of places with visits and no chat yet', async () => {
    signedIn();
    fakeApi({
      'GET /patient/chats': () => ({ status: 200, body: { data: [conversation()], nextCursor: null } }),
      'GET /patient/appointments': () => ({ status: 200, body: page([appointment()]) }),
      'GET /patient/bookings': () => ({ status: 200, body: page([booking(otherOrganisation)]) }),
    });
    await renderApp('/p/chats');
    await screen.findByRole('heading', { name: 'Message the desk' });
    const start = screen.getByRole('link', { name: 'Message the desk of Lotus Diagnostics & Imaging' });
    expect(start).toHaveAttribute('href', `/p/chats/new?organisation=${otherOrganisation.organisationId}`);
    expect(screen.queryByRole('link', { name: /Message the desk of Sanjeevani/ })).not.toBeInTheDocument();
    expect(organisationId).not.toBe(otherOrganisation.organisationId);
  });

  it('follows new messages live, and sends a signed-out phone to sign in', async () => {
    signedIn();
    let unread = 0;
    fakeApi({
      'GET /patient/chats': () => ({ status: 200, body: { data: [conversation({ unreadCount: unread })], nextCursor: null } }),
      'GET /patient/appointments': () => ({ status: 200, body: page([]) }),
      'GET /patient/bookings': () => ({ status: 200, body: page([]) }),
    });
    await renderApp('/p/chats');
    const link = await screen.findByRole('link', { name: /Sanjeevani/ });
    expect(link).not.toHaveTextContent('unread');
    unread = 1;
    await emit({ type: 'chat.message', messageId: '5f0c7a2e-1b7e-4c1a-9a53-000000009999', conversationId: conversation().id });
    await waitFor(() => expect(screen.getByRole('link', { name: /Sanjeevani/ })).toHaveTextContent('1 unread message'));

    localStorage.clear();
    await renderApp('/p/chats');
    await waitFor(() => expect(window.location.pathname).toBe('/p/sign-in'));
    expect(window.location.search).toBe('?next=%2Fp%2Fchats');
  });

  it('speaks Hindi', async () => {
    signedIn();
    fakeApi({
      'GET /patient/chats': () => ({ status: 200, body: { data: [], nextCursor: null } }),
      'GET /patient/appointments': () => ({ status: 200, body: page([]) }),
      'GET /patient/bookings': () => ({ status: 200, body: page([]) }),
    });
    await renderApp('/p/chats', 'hi');
    expect(await screen.findByRole('heading', { name: 'अभी कोई चैट नहीं' })).toBeInTheDocument();
  });
});
