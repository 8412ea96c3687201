/** Every console URL, once (SPEC.md §2 route table). */
export const paths = {
  signIn: '/sign-in',
  onboarding: '/new',
  notFound: '/404',
  dashboard: '/',
  patients: '/user',
  doctors: '/doctor',
  scans: '/scan',
  services: '/service',
  appointments: '/appointments',
  appointmentsToken: '/appointments/token',
  bookings: '/bookings',
  bookingsToken: '/bookings/token',
  settings: '/settings',
  notifications: '/notifications',
  chats: '/chats',
  chat: (userId: string) => `/chats/${encodeURIComponent(userId)}`,
  profile: '/profile',
  newRecord: (area: '/doctor' | '/scan' | '/service' | '/user') => `${area}/new`,
  record: (area: '/doctor' | '/scan' | '/service' | '/user', id: string) => `${area}/${encodeURIComponent(id)}`,
  editRecord: (area: '/doctor' | '/scan' | '/service' | '/user', id: string) => `${area}/${encodeURIComponent(id)}/edit`,
  settingsFacilities: '/settings/facilities',
  settingsOrganisation: '/settings/organisation',
  settingsStaff: '/settings/staff',
  settingsAudit: '/settings/audit',
  /** Messages to patients: channels, reminders, texts (admins), and the log of every message. */
  settingsMessages: '/settings/messages',
  settingsMessageLog: '/settings/messages/log',
  /** The public booking page's address, the rules, and which doctors and scans take online bookings (admins). */
  settingsOnlineBooking: '/settings/online-booking',
  /** Fees, follow-up windows, taxes, and each facility's GSTIN and document number prefixes (admins). */
  settingsBilling: '/settings/billing',
  /** The A4 poster with the booking page's QR code, for the reception wall (admins; printed without the console around it). */
  settingsOnlineBookingPoster: '/settings/online-booking/poster',
  /** The patient app's page of an organisation (served by the server under /p/). */
  publicPage: (slug: string) => `/p/${encodeURIComponent(slug)}`,
  /** A doctor's own account's consulting room: today's queue and the patient in front of them (issue #21). */
  consulting: '/consulting',
  /** The signed-in person's own account (every role, so outside the Settings area's menu rule). */
  account: '/account',
  /** A staff invitation link (public): choose a password and sign in. */
  invitation: (token: string) => `/invite/${encodeURIComponent(token)}`,
  plan: '/plan',
  /** The wallet's ledger (not in SPEC.md's table: issue #6 links it from the wallet popover). */
  wallet: '/wallet',
  /** A facility's day of receipts and refunds and its cash count (not in SPEC.md's table: issue #19; linked from the visit lists). */
  dayBook: '/day-book',
} as const;
