import { paths } from './config/paths';
import { getAccessToken } from './lib/session';

// main.tsx imports this module first, so that it runs before the rest of the entry (react-dom,
// MUI) is evaluated: a first load of any page but the sign-in shell's asks for the console's
// chunk at once, not a few hundred milliseconds of a phone's CPU later.

const importApp = () => import('./app/app');
let app: ReturnType<typeof importApp> | undefined;

/** The console: the router, query cache, toasts, HTTP client and every route, a chunk of its own. */
export const loadApp = () => (app ??= importApp());

/** A first load of /sign-in without a stored access token shows the sign-in shell, not the console. */
export const opensSignInShell = window.location.pathname.replace(/\/+$/, '') === paths.signIn && !getAccessToken();

if (!opensSignInShell) void loadApp();
