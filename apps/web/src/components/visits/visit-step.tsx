import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useT } from './i18n';

/** One numbered step of the booking dialog, with the form's refusal of it underneath. */
export function VisitStep({ n, title, error, children }: { n: number; title: string; error?: string; children: ReactNode }) {
  const t = useT();
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('visits.step.title', { n, title })}
      </Typography>
      {children}
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Box>
  );
}
