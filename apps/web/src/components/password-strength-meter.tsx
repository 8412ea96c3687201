import { passwordStrength } from '@caredesk/shared';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@/components/visually-hidden';
import { useT } from './i18n';

const scoreLabels = ['components.password.score0', 'components.password.score1', 'components.password.score2', 'components.password.score3', 'components.password.score4'] as const;

// Red to green as the score rises; 'Good' and 'Strong' both pass, the bar's length tells them apart.
const colours = ['error', 'error', 'warning', 'success', 'success'] as const;

/**
 * A nudge toward longer passwords under a new-password field (onboarding's first admin, staff
 * passwords, change and invitation). The rules that count are newPasswordSchema's; the field's
 * helper text states them, so the meter says nothing until something is typed.
 */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const t = useT();
  const score = passwordStrength(password);
  const label = password ? t(scoreLabels[score]) : '';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <LinearProgress
        variant="determinate"
        value={password ? ((score + 1) / 5) * 100 : 0}
        color={colours[score]}
        aria-label={t('components.password.strength')}
        aria-valuetext={label || t('components.password.empty')}
        sx={{ flex: 1, height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" aria-hidden sx={{ minWidth: 64, color: 'text.secondary' }}>
        {label}
      </Typography>
      {/* The eye reads the word beside the bar; a screen reader hears what it measures, too, not a bare 'Strong'. */}
      <Box component="span" aria-live="polite" sx={visuallyHidden}>
        {label ? t('components.password.strengthIs', { label }) : ''}
      </Box>
    </Box>
  );
}
