import { useState } from 'react';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { navigate } from '@/lib/router';
import { Button } from '@/components/button';
import { signOut } from '../api/sign-out';

export function SignOutButton() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const signOutNow = async () => {
    setBusy(true);
    await signOut();
    navigate(paths.home.getHref());
  };
  return (
    <Button variant="quiet" disabled={busy} onClick={() => void signOutNow()}>
      {t('nav.signOut')}
    </Button>
  );
}
