import { createContext, useContext, useEffect, type MouseEvent } from 'react';
import { LinkComponentContext, type InternalLinkProps } from '../components/link-component';
import { SignInPanel } from '../features/auth/components/sign-in-panel';
import { AuthFrame } from '../layouts/auth/auth-frame';
import { useHasAccessToken } from '../lib/session';
import { AppThemeProvider } from '../theme/theme-mode';

export interface SignInShellProps {
  /** Starts downloading the console. */
  preloadApp: () => void;
  /** Renders the console at `to` (the current URL when not given), pushing or replacing the history entry. */
  openApp: (to?: string, history?: 'push' | 'replace') => void;
}

const OpenAppContext = createContext<SignInShellProps['openApp']>(() => undefined);

/** The shell's links open the console at their path. */
function ShellLink({ to, onClick, ...anchor }: InternalLinkProps) {
  const openApp = useContext(OpenAppContext);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // As react-router's Link: a plain left click stays in the page; others are the browser's.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (anchor.target && anchor.target !== '_self') return;
    event.preventDefault();
    openApp(to, 'push');
  };
  return <a href={to} onClick={follow} {...anchor} />;
}

/**
 * /sign-in as a first load shows the sign-in page without the console around it (router,
 * query cache, toasts, HTTP client): its JavaScript is what the page itself needs. The console
 * loads as the person signs in and then opens at the account's home, without a page reload,
 * as the route's own page does (features/auth/pages/sign-in-page.tsx).
 */
export function SignInShell({ preloadApp, openApp }: SignInShellProps) {
  // Signed in (here, or meanwhile in another tab): the console opens at /sign-in, whose route
  // sends a signed-in person to the account's home, replacing /sign-in in the history, as
  // the route's own page does.
  const signedIn = useHasAccessToken();
  useEffect(() => {
    if (signedIn) openApp();
  }, [signedIn, openApp]);

  return (
    <AppThemeProvider>
      <OpenAppContext value={openApp}>
        <LinkComponentContext value={ShellLink}>
          <AuthFrame>
            <SignInPanel onSubmitting={preloadApp} onSignedIn={() => openApp()} />
          </AuthFrame>
        </LinkComponentContext>
      </OpenAppContext>
    </AppThemeProvider>
  );
}
