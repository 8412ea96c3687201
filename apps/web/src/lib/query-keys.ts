import type { TokenQueueKind } from '@caredesk/shared';

/**
 * Every TanStack Query key the console uses, in one place. A feature's api hook builds its key
 * here, its mutations invalidate through the same entry, and the live-update table
 * (lib/events/query-keys.ts) names the entries' `all` prefixes: a key renamed here moves for all
 * three at once, so live updates cannot silently stop reaching a list.
 */

/** A record area: lists under [name, 'list', params], one record under [name, 'detail', id]. */
function recordKeys<const Name extends string>(name: Name) {
  return {
    all: [name] as const,
    lists: [name, 'list'] as const,
    list: <Params>(params: Params) => [name, 'list', params] as const,
    detail: (id: string) => [name, 'detail', id] as const,
  };
}

/**
 * Appointments or bookings; the same-day check, a series and a day's waitlist sit under the kind,
 * so booking (and the kind's live events: a cancellation offers a place) refreshes them.
 */
function visitKeys<const Name extends string>(name: Name) {
  return {
    ...recordKeys(name),
    sameDay: <Query>(query: Query) => [name, 'same-day', query] as const,
    series: (id: string) => [name, 'series', id] as const,
    waitlist: (ownerId: string, date: string) => [name, 'waitlist', ownerId, date] as const,
    /** Every day's waitlist of the kind, and nothing else of it (a live waitlist change). */
    waitlists: [name, 'waitlist'] as const,
  };
}

/** A doctor's or a service's free slots on a day. */
function slotKeys<const Name extends string>(name: Name) {
  return { all: [name] as const, of: (ownerId: string, date: string) => [name, ownerId, date] as const };
}

export const queryKeys = {
  me: ['me'] as const,
  // The profile is the area's root: changing the password refreshes it with the sessions.
  account: { all: ['account'] as const, sessions: ['account', 'sessions'] as const },
  invitation: (token: string) => ['invitation', token] as const,
  settings: {
    organisation: ['settings', 'organisation'] as const,
    messages: ['settings', 'messages'] as const,
    onlineBooking: ['settings', 'online-booking'] as const,
    /** Settings → Billing: the organisation's fees and taxes, and each facility's prefixes, GSTIN and fees. */
    billing: ['settings', 'billing'] as const,
    billingFacilities: ['settings', 'billing', 'facilities'] as const,
    /** A template's text with sample values, as the editor types it. */
    messagePreview: (event: string, language: string, template: string) => ['settings', 'message-preview', event, language, template] as const,
  },
  staff: recordKeys('staff'),
  facilities: { all: ['facilities'] as const },
  dashboard: { all: ['dashboard'] as const, day: (today: string) => ['dashboard', today] as const },
  search: (q: string) => ['search', q] as const,
  audit: { all: ['audit'] as const, events: <Params>(params: Params) => ['audit', 'events', params] as const, people: ['audit', 'people'] as const },

  patients: {
    ...recordKeys('patients'),
    phoneMatches: (phone: string | null, excludeId: string | null) => ['patients', 'phone-matches', phone, excludeId] as const,
  },
  /** A doctor's days changed from the week sit under the doctor's prefix: a doctor's change refreshes them. */
  doctors: { ...recordKeys('doctors'), days: (id: string) => ['doctors', 'days', id] as const },
  services: recordKeys('services'),
  /** Bills by id and by the visit they belong to; a day book per date and facility; a bill's payment link. */
  billing: {
    all: ['billing'] as const,
    bill: (id: string) => ['billing', 'bill', id] as const,
    visitBill: (visitId: string) => ['billing', 'visit', visitId] as const,
    dayBook: (date: string, facilityId: string | null) => ['billing', 'day-book', date, facilityId] as const,
    paymentLink: (id: string) => ['billing', 'payment-link', id] as const,
  },
  appointments: visitKeys('appointments'),
  bookings: visitKeys('bookings'),
  doctorSlots: slotKeys('doctor-slots'),
  serviceSlots: slotKeys('service-slots'),
  /** Token queues per kind ('doctors', 'services'), one list per day and filter. */
  tokens: {
    all: ['tokens'] as const,
    queues: (kind: TokenQueueKind) => ['tokens', kind] as const,
    list: <Filters>(kind: TokenQueueKind, today: string, filters: Filters) => ['tokens', kind, today, filters] as const,
    /** The consulting room's queue and patients: under tokens, so queue and visit events refresh them. */
    consulting: (today: string) => ['tokens', 'consulting', today] as const,
    consultingVisit: (visitId: string) => ['tokens', 'consulting', 'visit', visitId] as const,
  },

  notifications: {
    all: ['notifications'] as const,
    lists: ['notifications', 'list'] as const,
    list: <Filter>(filter: Filter) => ['notifications', 'list', filter] as const,
    pages: ['notifications', 'pages'] as const,
    paged: <Filter>(filter: Filter) => ['notifications', 'pages', filter] as const,
  },
  chat: {
    all: ['chat'] as const,
    conversations: ['chat', 'conversations'] as const,
    conversationList: <Filter>(filter: Filter) => ['chat', 'conversations', filter] as const,
    threads: ['chat', 'thread'] as const,
    thread: (patientId: string) => ['chat', 'thread', patientId] as const,
  },
  /** The log of messages to patients: the whole log, one patient's, one visit's. */
  messages: { all: ['messages'] as const, list: <Params>(params: Params) => ['messages', 'list', params] as const },
  uploads: { signedUrl: (uploadId: string) => ['uploads', 'signed-url', uploadId] as const },
  // The balance is the area's root: a recharge or wallet.updated refreshes it with the ledger.
  wallet: { all: ['wallet'] as const, entries: <Params>(params: Params) => ['wallet', 'entries', params] as const },
  plan: { all: ['plan'] as const, current: ['plan', 'current'] as const, offers: ['plan', 'offers'] as const },
};
