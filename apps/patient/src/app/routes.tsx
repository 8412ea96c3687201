import { lazy, type ReactNode } from 'react';
import { paths, type BookingKind } from '@/config/paths';
import { HomePage } from '@/features/home/pages/home-page';
import { OrganisationPage } from '@/features/organisation/pages/organisation-page';
import { WaitlistNotice } from '@/features/waitlist/components/waitlist-notice';
import { matchPath } from '@/lib/router';
import { NotFoundPage } from './not-found-page';

// Signing in, the visits, receipts and waitlist pages and booking load when first opened. An organisation's page is
// where most patients arrive (a link from the hospital), so it is part of the first page.
const SignInPage = lazy(() => import('@/features/auth/pages/sign-in-page').then((module) => ({ default: module.SignInPage })));
const BookingRoute = lazy(() => import('./booking-route').then((module) => ({ default: module.BookingRoute })));
const VisitsPage = lazy(() => import('@/features/visits/pages/visits-page').then((module) => ({ default: module.VisitsPage })));
const ReceiptsPage = lazy(() => import('@/features/receipts/pages/receipts-page').then((module) => ({ default: module.ReceiptsPage })));
const WaitlistPage = lazy(() => import('@/features/waitlist/pages/waitlist-page').then((module) => ({ default: module.WaitlistPage })));
const ChatsPage = lazy(() => import('@/features/chats/pages/chats-page').then((module) => ({ default: module.ChatsPage })));
const ChatThreadPage = lazy(() => import('@/features/chats/pages/chat-thread-page').then((module) => ({ default: module.ChatThreadPage })));

const isBookingKind = (kind: string | undefined): kind is BookingKind => kind === 'doctors' || kind === 'services';

interface Route {
  path: string;
  render: (params: Record<string, string>) => ReactNode;
}

/** The route table, first match wins: the fixed addresses before an organisation's slug. */
const routes: Route[] = [
  { path: paths.home.path, render: () => <HomePage notice={<WaitlistNotice />} /> },
  { path: paths.signIn.path, render: () => <SignInPage /> },
  { path: paths.visits.path, render: () => <VisitsPage /> },
  { path: paths.receipts.path, render: () => <ReceiptsPage /> },
  { path: paths.waitlist.path, render: () => <WaitlistPage /> },
  { path: paths.chats.path, render: () => <ChatsPage /> },
  { path: paths.chat.path, render: () => <ChatThreadPage /> },
  { path: paths.organisation.path, render: ({ slug }) => <OrganisationPage slug={slug!} /> },
  {
    path: paths.book.path,
    render: ({ slug, kind, id }) => (isBookingKind(kind) ? <BookingRoute slug={slug!} kind={kind} id={id!} /> : <NotFoundPage />),
  },
];

/** The page at a path (a trailing slash is the same page); an unknown path is not found. */
export function pageFor(pathname: string): ReactNode {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return route.render(params);
  }
  return <NotFoundPage />;
}
