import { CLOCK_REFRESH_MS } from '@caredesk/shared';
import Box from '@mui/material/Box';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { formatPatterns } from '../lib/format';
import { useT } from './i18n';

/**
 * The header's live clock, ticking every CLOCK_REFRESH_MS (SPEC.md §1, §9). `dateColor`: the
 * header's grey is unreadable on the waiting-room display's black, which passes its own.
 */
export function Clock({ dateColor = 'text.secondary' }: { dateColor?: string }) {
  const t = useT();
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(dayjs()), CLOCK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Box
      role="timer"
      aria-label={t('components.clock.label')}
      aria-live="off"
      data-testid="clock"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', lineHeight: 1.2, whiteSpace: 'nowrap' }}
    >
      <Box component="span" sx={{ typography: 'caption', color: dateColor }}>
        {now.format(formatPatterns.date)}
      </Box>
      <Box component="time" dateTime={now.toISOString()} sx={{ typography: { xs: 'caption', sm: 'subtitle2' }, fontVariantNumeric: 'tabular-nums' }}>
        {now.format(formatPatterns.clockTime)}
      </Box>
    </Box>
  );
}
