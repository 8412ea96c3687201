import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { PhoneStep } from '../components/phone-step';

const steps = ['Verify phone', 'Organisation', 'First admin'];

export default function OnboardingPage() {
  return (
    <Paper sx={{ p: { xs: 3, sm: 4 } }}>
      <Stack spacing={3}>
        <div>
          <Typography variant="h4" component="h1" gutterBottom>
            Create your organisation
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Start with the mobile number of the person setting up the account.
          </Typography>
        </div>
        <Stepper activeStep={0} alternativeLabel aria-label="Onboarding steps">
          {steps.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <PhoneStep />
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          Already have an account?{' '}
          <Link component={RouterLink} to={paths.signIn} underline="hover">
            Sign in
          </Link>
        </Typography>
      </Stack>
    </Paper>
  );
}
