import { isValidElement, lazy, type ComponentType } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import SignInPage from '../features/auth/pages/sign-in-page';
import { AuthLayout } from '../layouts/auth/auth-layout';
import { PrintLayout } from '../layouts/print/print-layout';
import { SimpleLayout } from '../layouts/simple/simple-layout';
import { RedirectIfSignedIn, RequireMenuArea, RequireSession } from './guards';
import { ScrollToTop } from './scroll-to-top';

/** A lazy page or layout that can start downloading before React renders it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return Object.assign(lazy(load), { preload: load });
}

// Every page is its own chunk, and so is the dashboard shell: the sign-in route never downloads them.
// The sign-in page itself is in the entry: it is the first page of most visits, and as a chunk it
// was fetched only after the entry ran, then swapped in for a loading bar (a late paint and a
// layout shift). Its form's parts (buttons, inputs, react-hook-form) are the shell's too.
const DashboardLayout = lazyPage(() => import('../layouts/dashboard/dashboard-layout'));
const OnboardingPage = lazyPage(() => import('../features/onboarding/pages/onboarding-page'));
const NotFoundPage = lazyPage(() => import('../features/errors/pages/not-found-page'));
const DashboardPage = lazyPage(() => import('../features/dashboard/pages/dashboard-page'));
const PatientsPage = lazyPage(() => import('../features/patients/pages/patients-page'));
const DoctorsPage = lazyPage(() => import('../features/doctors/pages/doctors-page'));
const ScansPage = lazyPage(() => import('../features/services/pages/scans-page'));
const OtherServicesPage = lazyPage(() => import('../features/services/pages/other-services-page'));
const DoctorFormPage = lazyPage(() => import('../features/doctors/pages/doctor-form-page'));
const DoctorViewPage = lazyPage(() => import('../features/doctors/pages/doctor-view-page'));
const ScanFormPage = lazyPage(() => import('../features/services/pages/scan-form-page'));
const ScanViewPage = lazyPage(() => import('../features/services/pages/scan-view-page'));
const OtherServiceFormPage = lazyPage(() => import('../features/services/pages/other-service-form-page'));
const OtherServiceViewPage = lazyPage(() => import('../features/services/pages/other-service-view-page'));
const PatientFormPage = lazyPage(() => import('../features/patients/pages/patient-form-page'));
const PatientViewPage = lazyPage(() => import('../features/patients/pages/patient-view-page'));
const FacilitiesPage = lazyPage(() => import('../features/facilities/pages/facilities-page'));
const AppointmentsPage = lazyPage(() => import('../features/appointments/pages/appointments-page'));
const AppointmentsTokenPage = lazyPage(() => import('../features/appointments/pages/appointments-token-page'));
const BookingsPage = lazyPage(() => import('../features/bookings/pages/bookings-page'));
const BookingsTokenPage = lazyPage(() => import('../features/bookings/pages/bookings-token-page'));
const SettingsPage = lazyPage(() => import('../features/settings/pages/settings-page'));
const NotificationsPage = lazyPage(() => import('../features/notifications/pages/notifications-page'));
const ChatsPage = lazyPage(() => import('../features/chats/pages/chats-page'));
const PlanPage = lazyPage(() => import('../features/plan/pages/plan-page'));
const WalletPage = lazyPage(() => import('../features/wallet/pages/wallet-page'));
const DayBookPage = lazyPage(() => import('../features/day-book/pages/day-book-page'));
const OrganisationSettingsPage = lazyPage(() => import('../features/settings/pages/organisation-settings-page'));
const StaffPage = lazyPage(() => import('../features/settings/pages/staff-page'));
const AccountPage = lazyPage(() => import('../features/settings/pages/account-page'));
const AcceptInvitationPage = lazyPage(() => import('../features/settings/pages/accept-invitation-page'));
const AuditLogPage = lazyPage(() => import('../features/audit/pages/audit-log-page'));
const MessageSettingsPage = lazyPage(() => import('../features/messages/pages/message-settings-page'));
const OnlineBookingPage = lazyPage(() => import('../features/settings/pages/online-booking-page'));
// Its own chunk with the QR code library: no other page downloads it.
const OnlineBookingPosterPage = lazyPage(() => import('../features/settings/pages/online-booking-poster-page'));
const BillingSettingsPage = lazyPage(() => import('../features/settings/pages/billing-settings-page'));
const MessageLogPage = lazyPage(() => import('../features/messages/pages/message-log-page'));
const ConsultingPage = lazyPage(() => import('../features/consulting/pages/consulting-page'));

/** SPEC.md §2 route table, with the access rule of each route. */
export const routes: RouteObject[] = [
  {
    element: <ScrollToTop />,
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [{ element: <AuthLayout />, children: [{ path: paths.signIn, element: <SignInPage /> }] }],
      },
      {
        element: <SimpleLayout />,
        children: [
          { path: paths.onboarding, element: <OnboardingPage /> },
          { path: paths.notFound, element: <NotFoundPage /> },
          { path: '/invite/:token', element: <AcceptInvitationPage /> },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            // Printed pages: the same access rule as the menu area they belong to, none of the console around them.
            element: <RequireMenuArea />,
            children: [{ element: <PrintLayout />, children: [{ path: paths.settingsOnlineBookingPoster, element: <OnlineBookingPosterPage /> }] }],
          },
          {
            element: <DashboardLayout />,
            children: [
              {
                element: <RequireMenuArea />,
                children: [
                  { index: true, element: <DashboardPage /> },
                  { path: paths.patients, element: <PatientsPage /> },
                  { path: `${paths.patients}/new`, element: <PatientFormPage /> },
                  { path: `${paths.patients}/:id`, element: <PatientViewPage /> },
                  { path: `${paths.patients}/:id/edit`, element: <PatientFormPage /> },
                  { path: paths.doctors, element: <DoctorsPage /> },
                  { path: `${paths.doctors}/new`, element: <DoctorFormPage /> },
                  { path: `${paths.doctors}/:id`, element: <DoctorViewPage /> },
                  { path: `${paths.doctors}/:id/edit`, element: <DoctorFormPage /> },
                  { path: paths.scans, element: <ScansPage /> },
                  { path: `${paths.scans}/new`, element: <ScanFormPage /> },
                  { path: `${paths.scans}/:id`, element: <ScanViewPage /> },
                  { path: `${paths.scans}/:id/edit`, element: <ScanFormPage /> },
                  { path: paths.services, element: <OtherServicesPage /> },
                  { path: `${paths.services}/new`, element: <OtherServiceFormPage /> },
                  { path: `${paths.services}/:id`, element: <OtherServiceViewPage /> },
                  { path: `${paths.services}/:id/edit`, element: <OtherServiceFormPage /> },
                  { path: paths.settingsFacilities, element: <FacilitiesPage /> },
                  { path: paths.settingsOrganisation, element: <OrganisationSettingsPage /> },
                  { path: paths.settingsStaff, element: <StaffPage /> },
                  { path: paths.settingsAudit, element: <AuditLogPage /> },
                  { path: paths.settingsMessages, element: <MessageSettingsPage /> },
                  { path: paths.settingsMessageLog, element: <MessageLogPage /> },
                  { path: paths.settingsOnlineBooking, element: <OnlineBookingPage /> },
                  { path: paths.settingsBilling, element: <BillingSettingsPage /> },
                  { path: paths.account, element: <AccountPage /> },
                  { path: paths.appointments, element: <AppointmentsPage /> },
                  { path: paths.appointmentsToken, element: <AppointmentsTokenPage /> },
                  { path: paths.bookings, element: <BookingsPage /> },
                  { path: paths.bookingsToken, element: <BookingsTokenPage /> },
                  { path: paths.settings, element: <SettingsPage /> },
                  { path: paths.notifications, element: <NotificationsPage /> },
                  { path: paths.chats, element: <ChatsPage /> },
                  // eslint-disable-next-line lingui/no-unlocalized-strings -- a route pattern, not text
                  { path: `${paths.chats}/:userId`, element: <ChatsPage /> },

                  // SPEC.md §2: /profile shows the appointments page.
                  { path: paths.profile, element: <AppointmentsPage /> },
                  { path: paths.plan, element: <PlanPage /> },
                  { path: paths.wallet, element: <WalletPage /> },
                  { path: paths.dayBook, element: <DayBookPage /> },
                  { path: paths.consulting, element: <ConsultingPage /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
];

/**
 * Starts downloading the lazy chunks of every route that matches `path` (the shell and the
 * page) at once, before the first render: otherwise the page's chunk is asked for only once
 * the shell's has arrived and rendered. Without a session nothing behind RequireSession is
 * fetched (it will redirect to sign-in). Returns the loads it started: the app does not wait for
 * them, a test does.
 */
export function preloadRoute(path: string, signedIn: boolean): Promise<unknown>[] {
  const started: Promise<unknown>[] = [];
  for (const { route } of matchRoutes(routes, path) ?? []) {
    const type: unknown = isValidElement(route.element) ? route.element.type : undefined;
    if (type === RequireSession && !signedIn) break;
    if (typeof type === 'object' && type !== null && 'preload' in type && typeof type.preload === 'function') {
      started.push((type.preload as () => Promise<unknown>)());
    }
  }
  return started;
}
