import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import { useId } from 'react';
import { isCalledOff, statusLabels } from '@/components/visits/visit-status';
import { useT } from '../../i18n';
import { calendarStatuses, statusMain } from './status-colours';

type Swatch = (theme: Theme) => SystemStyleObject<Theme>;

/** A block in miniature: the same edge, tint and fading as the blocks on the grid. */
const statusSwatch =
  (status: (typeof calendarStatuses)[number]): Swatch =>
  (theme) => {
    const main = statusMain(theme, status);
    return { borderLeft: 3, borderLeftStyle: 'solid', borderLeftColor: main, bgcolor: alpha(main, isCalledOff(status) ? 0.08 : 0.16), opacity: isCalledOff(status) ? 0.6 : 1 };
  };
const awaitingSwatch: Swatch = (theme) => ({ outlineWidth: 1, outlineStyle: 'dashed', outlineColor: theme.palette.warning.main, outlineOffset: -1 });
const freeSwatch: Swatch = (theme) => ({ border: 1, borderStyle: 'dashed', borderColor: theme.palette.divider });

/**
 * What the colours of the grid mean, as a list a screen reader can name ('Status colours'). It
 * wraps onto more lines on a phone rather than hiding anything.
 */
export function StatusLegend() {
  const t = useT();
  const labelId = useId();
  const entries: { key: string; label: string; swatch: Swatch }[] = [
    ...calendarStatuses.map((status) => ({ key: status, label: statusLabels[status], swatch: statusSwatch(status) })),
    { key: 'awaiting', label: t('appointments.calendar.legendAwaiting'), swatch: awaitingSwatch },
    { key: 'free', label: t('appointments.calendar.legendFree'), swatch: freeSwatch },
  ];
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1.5, rowGap: 0.5, typography: 'caption', color: 'text.secondary' }}>
      <Box component="span" id={labelId} sx={{ fontWeight: 600 }}>
        {t('appointments.calendar.legend')}
      </Box>
      <Box component="ul" aria-labelledby={labelId} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5, m: 0, p: 0, listStyle: 'none' }}>
        {entries.map((entry) => (
          <Box component="li" key={entry.key} data-legend={entry.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box aria-hidden sx={[{ width: 18, height: 12, borderRadius: 0.5, flexShrink: 0 }, entry.swatch]} />
            {entry.label}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
