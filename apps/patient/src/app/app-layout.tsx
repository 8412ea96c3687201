import type { ReactNode } from 'react';
import { paths } from '@/config/paths';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { WaitlistNavLink } from '@/features/waitlist/components/waitlist-nav-link';
import { LanguageSwitch } from '@/i18n/language-switch';
import { useT } from '@/i18n/use-t';
import { fullPageHref, isEmbedded } from '@/lib/embed';
import { Link, useLocation } from '@/lib/router';
import { useSession } from '@/lib/session';
import './app-layout.css';

/**
 * Every screen: the brand, where to go, the language switch, then the page. Inside a hospital's
 * website (embedded) the frame has a fixed height and belongs to the hospital: no CareDesk brand,
 * and a way out to the full app, where the patient can install it and follow their queue.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const session = useSession();
  // Re-read on navigation: the flag is kept for the tab once the embedded page set it.
  useLocation();
  const embedded = isEmbedded();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('layout.skip')}
      </a>
      <header className="app-header">
        <div className="app-header__inner">
          {embedded ? (
            <a className="app-header__brand app-header__brand--embedded" href={fullPageHref()} target="_blank" rel="noopener">
              {t('layout.openFull')}
            </a>
          ) : (
            <Link className="app-header__brand" to={paths.home.getHref()}>
              <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width="28" height="28" />
              <span>CareDesk</span>
            </Link>
          )}
          <nav className="app-header__nav" aria-label={t('layout.nav')}>
            <Link to={paths.visits.getHref()}>{t('nav.visits')}</Link>
            <Link to={paths.receipts.getHref()}>{t('nav.receipts')}</Link>
            <Link to={paths.chats.getHref()}>{t('nav.chats')}</Link>
            <WaitlistNavLink />
            {session ? <SignOutButton /> : <Link to={paths.signIn.getHref()}>{t('nav.signIn')}</Link>}
          </nav>
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
