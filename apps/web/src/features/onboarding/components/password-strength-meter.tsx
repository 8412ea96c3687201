import { passwordStrength, passwordStrengthLabels } from '@caredesk/shared';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

const colours = ['error', 'error', 'warning', 'info', 'success'] as const;

/** A nudge toward a longer password; the rules themselves are newPasswordSchema's. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const score = passwordStrength(password);
  const label = passwordStrengthLabels[score];
  return (
    <Box aria-live="polite">
      <LinearProgress
        variant="determinate"
        value={password ? (score + 1) * 20 : 0}
        color={colours[score]}
        aria-label="Password strength"
        aria-valuetext={password ? label : 'Empty'}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {password ? `Password strength: ${label}` : 'Use 8 or more characters with letters and numbers.'}
      </Typography>
    </Box>
  );
}
