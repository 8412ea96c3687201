import { useState } from 'react';
import { ButtonLink } from '@/components/button';
import { PageTitle } from '@/components/page-title';
import { paths, safeNext } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { navigate, useLocation } from '@/lib/router';
import { useSession } from '@/lib/session';
import { CodeStep } from '../components/code-step';
import { PhoneStep } from '../components/phone-step';
import { SignOutButton } from '../components/sign-out-button';
import { formatPhone } from '../phone';
import './sign-in-page.css';

/** /p/sign-in: phone, then the texted code; then back where the patient was going. */
export function SignInPage() {
  const t = useT();
  const session = useSession();
  const { search } = useLocation();
  const [phone, setPhone] = useState<string | null>(null);

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
        {phone === null ? (
          <PhoneStep onSent={setPhone} />
        ) : (
          <CodeStep phone={phone} onChangePhone={() => setPhone(null)} onSignedIn={() => navigate(safeNext(search, paths.visits.getHref()), { replace: true })} />
        )}
      </div>
    </section>
  );
}
