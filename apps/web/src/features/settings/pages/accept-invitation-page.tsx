import { INVITATION_INVALID_MESSAGE } from '@caredesk/shared';
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

function InvalidLink() {
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Invitation not valid
      </Typography>
      <Alert severity="warning">{INVITATION_INVALID_MESSAGE}</Alert>
      <Typography variant="body2">
        Already have a password?{' '}
        <Link component={RouterLink} to={paths.signIn}>
          Go to sign in
        </Link>
      </Typography>
    </Stack>
  );
}

/** /invite/:token (public): choose a password and be signed in as by the sign-in page. */
export default function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const invitation = useInvitation(token);
  const [invalid, setInvalid] = useState(false);

  const status = errorStatus(invitation.error);
  if (invalid || status === 404 || status === 400) return <InvalidLink />;
  if (invitation.error) return <Alert severity="error">The invitation could not be loaded. Check your connection and reload the page.</Alert>;
  if (!invitation.data) return <Skeleton variant="rounded" height={320} aria-label="Loading invitation" />;
  const { name, organisationName } = invitation.data;
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1" gutterBottom>
          Join {organisationName}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Welcome, {name}. Choose a password to finish setting up your staff account.
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
