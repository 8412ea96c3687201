import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { homePathOf } from '@/lib/home-path';
import { SignInForm } from '../components/sign-in-form';

export default function SignInPage() {
  const navigate = useNavigate();
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1" gutterBottom>
          Sign in
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Use the e-mail address and password of your staff account.
        </Typography>
      </div>
      <SignInForm onSignedIn={(response) => void navigate(homePathOf(response.user), { replace: true })} />
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        New to the console?{' '}
        <Link component={RouterLink} to={paths.onboarding} underline="hover">
          Create an organisation
        </Link>
      </Typography>
    </Stack>
  );
}
