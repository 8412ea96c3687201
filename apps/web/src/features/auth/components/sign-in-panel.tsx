import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLinkComponent } from '@/components/link-component';
import { paths } from '@/config/paths';
import { SignInForm, type SignInFormProps } from './sign-in-form';

/** The sign-in page's content, without the router: the route renders it, and so does main.tsx's first-load shell. */
export function SignInPanel(props: SignInFormProps) {
  const LinkComponent = useLinkComponent();
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
      <SignInForm {...props} />
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        New to the console?{' '}
        <Link component={LinkComponent} to={paths.onboarding} underline="hover">
          Create an organisation
        </Link>
      </Typography>
    </Stack>
  );
}
