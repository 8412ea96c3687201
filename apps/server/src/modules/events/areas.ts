import { canAccessArea, type AppEvent, type MenuArea, type OrganisationType, type StaffRole } from '@caredesk/shared';

/** Every staff member: the header's bell, wallet and plan are on every menu (their routes need no area). */
type Audience = readonly MenuArea[] | 'all staff';

/**
 * The menu areas whose pages show what an event is about: the areas of the routes that read it
 * (appointments' free slots serve the Doctors page too, bookings' the Scans page). A live event
 * is data, so it goes only to staff whose menu could fetch it (design.md §6).
 */
function audienceOf(event: AppEvent): Audience {
  switch (event.type) {
    case 'appointment.updated':
      return ['appointments', 'doctors'];
    case 'booking.updated':
      return ['bookings', 'scans'];
    // The waitlist routes' readers (modules/waitlist/routes.ts): the kind's list.
    case 'waitlist.updated':
      return event.kind === 'appointment' ? ['appointments'] : ['bookings'];
    // A doctor's queue belongs to Appointments, a scan's or test's to Bookings (token-queue/sources.ts).
    case 'token.updated':
      return [...(event.doctorId ? (['appointments'] as const) : []), ...(event.serviceId ? (['bookings'] as const) : [])];
    case 'chat.message':
      return ['chats'];
    // The message routes' readers (modules/messages/routes.ts).
    case 'message.updated':
      return ['settings', 'patients'];
    // On every menu: the header's bell, wallet and plan; and bills, which every staff member collects at the desk.
    case 'notification.created':
    case 'wallet.updated':
    case 'bill.updated':
    case 'plan.updated':
      return 'all staff';
    // Server-internal: never sent to a socket.
    case 'session.ended':
    case 'account.changed':
    case 'message-settings.changed':
      return [];
  }
}

/**
 * What a doctor's own account (role USER) receives: its doctor's queue and visits, for the
 * consulting room, and its own bell and plan; nothing of the desk's money or other doctors.
 */
function doctorAccountMaySee(event: AppEvent, doctorId: string | null): boolean {
  switch (event.type) {
    case 'token.updated':
    case 'appointment.updated':
      return doctorId !== null && event.doctorId === doctorId;
    case 'notification.created':
    case 'plan.updated':
      return true;
    case 'booking.updated':
    case 'waitlist.updated':
    case 'chat.message':
    case 'message.updated':
    case 'wallet.updated':
    case 'bill.updated':
    case 'session.ended':
    case 'account.changed':
    case 'message-settings.changed':
      return false;
  }
}

/** Whether a staff member of this organisation type and role may receive the event. */
export function staffMaySee(event: AppEvent, caller: { organisationType: OrganisationType; role: StaffRole; doctorId?: string | null }): boolean {
  if (caller.role === 'USER') return doctorAccountMaySee(event, caller.doctorId ?? null);
  const audience = audienceOf(event);
  if (audience === 'all staff') return true;
  return audience.some((area) => canAccessArea(caller.organisationType, caller.role, area));
}
