import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { homePathOf } from '@/lib/home-path';
import { errorStatus } from '@/lib/http';
import { useInvitation } from '../api/get-invitation';
import { AcceptInvitationForm } from '../components/accept-invitation-form';
import { useT } from '../i18n';

function InvalidLink() {
  const t = useT();
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('settings.invite.invalidTitle')}
      </Typography>
      <Alert severity="warning">{t('settings.invite.invalidBody')}</Alert>
      <Typography variant="body2">
        {t('settings.invite.havePassword')}{' '}
        <Link component={RouterLink} to={paths.signIn}>
          {t('settings.invite.goToSignIn')}
        </Link>
      </Typography>
    </Stack>
  );
}

/** /invite/:token (public): choose a password and be signed in as by the sign-in page. */
export default function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const t = useT();
  const invitation = useInvitation(token);
  const [invalid, setInvalid] = useState(false);

  const status = errorStatus(invitation.error);
  if (invalid || status === 404 || status === 400) return <InvalidLink />;
  if (invitation.error) return <Alert severity="error">{t('settings.invite.loadFailed')}</Alert>;
  if (!invitation.data) return <Skeleton variant="rounded" height={320} aria-label={t('settings.invite.loading')} />;
  const { name, organisationName } = invitation.data;
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('settings.invite.join', { organisation: organisationName })}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('settings.invite.welcome', { name })}
        </Typography>
      </div>
      <AcceptInvitationForm
        token={token}
        invitation={invitation.data}
        onSignedIn={(response) => void navigate(homePathOf(response.user), { replace: true })}
        onInvalid={() => setInvalid(true)}
      />
    </Stack>
  );
}
