import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appointmentRow, makeAppointment, makeDoctor } from '@/features/appointments/appointment-fixtures';
import { makeBooking } from '@/test/booking-fixtures';
import { headerRoutes, installFakeApi, page, recording, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { makeMessage } from '@/test/message-fixtures';
import { renderApp } from '@/test/render-app';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const slow = { timeout: 15_000 };

function withApi(routes: Record<string, FakeRoute>) {
  const api = installFakeApi({ ...headerRoutes(), ...routes });
  restore = api.restore;
}

describe("a visit drawer's messages", () => {
  it("lists what the appointment's patient was sent about it: event, channel, status, and why one was not sent", async () => {
    const appointment = makeAppointment({ tokenNumber: 7 });
    const sms = makeMessage({ visitId: appointment.id });
    const whatsapp = makeMessage({ visitId: appointment.id, channel: 'WHATSAPP', status: 'SKIPPED', failureReason: 'The WhatsApp add-on is not active' });
    const messages = recording(() => ({ data: page([whatsapp, sms]) }));
    withApi({
      'GET /appointments': { data: page([appointmentRow(appointment)]) },
      'GET /doctors': { data: page([makeDoctor()]) },
      [`GET /appointments/${appointment.id}`]: { data: appointment },
      'GET /messages': messages.route,
    });
    storeSession(makeUser('HOSPITAL', 'WORKER'));
    renderApp(`/appointments?open=${appointment.id}`);
    const drawer = await screen.findByRole('dialog', { name: 'Token 007' }, slow);
    const list = await within(drawer).findByRole('list', { name: 'Messages about this visit' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Booking confirmed · WhatsApp');
    expect(items[0]).toHaveTextContent('Not sent');
    expect(items[0]).toHaveTextContent('The WhatsApp add-on is not active');
    expect(items[1]).toHaveTextContent('Booking confirmed · SMS');
    expect(items[1]).toHaveTextContent('Delivered');
    expect(messages.seen[0]?.params).toEqual({ visitId: appointment.id, pageSize: 20 });
  });

  it("says so when a booking's patient has had no message yet", async () => {
    const booking = makeBooking({ tokenNumber: 3 });
    const messages = recording(() => ({ data: page([]) }));
    withApi({
      'GET /bookings': { data: page([booking]) },
      'GET /services': { data: page([]) },
      [`GET /bookings/${booking.id}`]: { data: booking },
      'GET /messages': messages.route,
    });
    storeSession(makeUser('SCAN', 'ADMIN'));
    renderApp(`/bookings?open=${booking.id}`);
    const drawer = await screen.findByRole('dialog', { name: 'Token MR-003' }, slow);
    expect(await within(drawer).findByText('No messages about this visit yet.')).toBeInTheDocument();
    await waitFor(() => expect(messages.seen[0]?.params).toEqual({ visitId: booking.id, pageSize: 20 }));
  });
});
