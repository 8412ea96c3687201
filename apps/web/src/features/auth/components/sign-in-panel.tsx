import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLinkComponent } from '@/components/link-component';
import { paths } from '@/config/paths';
import { SignInForm, type SignInFormProps } from './sign-in-form';
import { useT } from '@/i18n/use-t';

/** The sign-in page's content, without the router: the route renders it, and so does main.tsx's first-load shell. */
export function SignInPanel(props: SignInFormProps) {
  const LinkComponent = useLinkComponent();
  const t = useT();
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('signIn.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('signIn.intro')}
        </Typography>
      </div>
      <SignInForm {...props} />
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {t('signIn.newHere')}{' '}
        <Link component={LinkComponent} to={paths.onboarding} underline="always">
          {t('signIn.createOrganisation')}
        </Link>
      </Typography>
    </Stack>
  );
}
