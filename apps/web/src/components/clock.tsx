import { CLOCK_REFRESH_MS } from '@caredesk/shared';
import Box from '@mui/material/Box';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { formatPatterns } from '../lib/format';

/** The header's live clock, ticking every CLOCK_REFRESH_MS (SPEC.md §1, §9). */
export function Clock() {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(dayjs()), CLOCK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Box
      role="timer"
      aria-label="Current date and time"
      aria-live="off"
      data-testid="clock"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', lineHeight: 1.2, whiteSpace: 'nowrap' }}
    >
      <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
        {now.format(formatPatterns.date)}
      </Box>
      <Box component="time" dateTime={now.toISOString()} sx={{ typography: { xs: 'caption', sm: 'subtitle2' }, fontVariantNumeric: 'tabular-nums' }}>
        {now.format('h:mm:ss a')}
      </Box>
    </Box>
  );
}
