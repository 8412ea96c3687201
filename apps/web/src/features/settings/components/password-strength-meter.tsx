import { passwordStrength, passwordStrengthLabels } from '@caredesk/shared';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

const colours = ['error', 'error', 'warning', 'success', 'success'] as const;

/** A nudge toward longer passwords; the rules that count are newPasswordSchema's. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const score = passwordStrength(password);
  const label = passwordStrengthLabels[score];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <LinearProgress
        variant="determinate"
        value={password ? ((score + 1) / 5) * 100 : 0}
        color={colours[score]}
        aria-label="Password strength"
        aria-valuetext={password ? label : 'Empty'}
        sx={{ flex: 1, height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" sx={{ minWidth: 64, color: 'text.secondary' }} aria-live="polite">
        {password ? label : ''}
      </Typography>
    </Box>
  );
}
