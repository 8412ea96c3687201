import { lazy, type ComponentType } from 'react';
import { paths } from '@/config/paths';
import { HomePage } from '@/features/home/pages/home-page';
import { NotFoundPage } from './not-found-page';

// Signing in and the visits list load when first opened: the first page carries only itself.
const SignInPage = lazy(() => import('@/features/auth/pages/sign-in-page').then((module) => ({ default: module.SignInPage })));
const VisitsPage = lazy(() => import('@/features/visits/pages/visits-page').then((module) => ({ default: module.VisitsPage })));

/** The route table: exact paths (a trailing slash is the same page). */
const routes: Record<string, ComponentType> = {
  [paths.home.path]: HomePage,
  [paths.signIn.path]: SignInPage,
  [paths.visits.path]: VisitsPage,
};

export function pageFor(pathname: string): ComponentType {
  const path = pathname.length > 1 && pathname.endsWith('/') && pathname !== paths.home.path ? pathname.slice(0, -1) : pathname;
  return routes[path] ?? NotFoundPage;
}
