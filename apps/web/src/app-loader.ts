import { PSEUDO_LOCALE_KEY } from '@caredesk/catalogues/pseudo-locale-key';
import { paths } from './config/paths';
import { getAccessToken } from './lib/session';

// main.tsx imports this module first, so that it runs before the rest of the entry (react-dom,
// MUI) is evaluated: a first load of any page but the sign-in shell's asks for the console's
// chunk at once, not a few hundred milliseconds of a phone's CPU later.

/**
 * The pseudo-locale, when a test has switched it on in this browser (e2e/pseudo-locale.spec.ts):
 * installed before the console's code registers its texts. A runtime switch rather than a build
 * flag, so that the test walks the very build users get; everyone else pays one localStorage read.
 */
export const pseudoLocale = localStorage.getItem(PSEUDO_LOCALE_KEY) === 'on' ? import('./i18n/pseudo-locale').then((module) => module.installPseudoLocale()) : undefined;

const importApp = () => (pseudoLocale ? pseudoLocale.then(() => import('./app/app')) : import('./app/app'));
let app: ReturnType<typeof importApp> | undefined;

/** The console: the router, query cache, toasts, HTTP client and every route, a chunk of its own. */
export const loadApp = () => (app ??= importApp());

/** A first load of /sign-in without a stored access token shows the sign-in shell, not the console. */
export const opensSignInShell = window.location.pathname.replace(/\/+$/, '') === paths.signIn && !getAccessToken();

if (!opensSignInShell) void loadApp();
