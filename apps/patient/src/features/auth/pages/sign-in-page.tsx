import { ButtonLink } from '@/components/button';
import { PageTitle } from '@/components/page-title';
import { paths, safeNext } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { navigate, useLocation } from '@/lib/router';
import { useSession } from '@/lib/session';
import { PhoneSignIn } from '../components/phone-sign-in';
import { SignOutButton } from '../components/sign-out-button';
import { formatPhone } from '../phone';

/** /p/sign-in: phone, then the texted code; then back where the patient was going. */
export function SignInPage() {
  const t = useT();
  const session = useSession();
  const { search } = useLocation();

  if (session) {
    return (
      <section className="page">
        <PageTitle>{t('signIn.signedInTitle')}</PageTitle>
        <p className="page__lead">{t('signIn.signedInAs', { phone: formatPhone(session.phone) })}</p>
        <div className="actions">
          <ButtonLink to={paths.visits.getHref()}>{t('nav.visits')}</ButtonLink>
          <SignOutButton />
        </div>
      </section>
    );
  }

  return (
    <section className="page sign-in">
      <PageTitle>{t('signIn.title')}</PageTitle>
      <div className="card">
        <PhoneSignIn onSignedIn={() => navigate(safeNext(search, paths.visits.getHref()), { replace: true })} />
      </div>
    </section>
  );
}
