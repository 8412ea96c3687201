import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import { useT } from './i18n';

const pad = (value: number) => String(value).padStart(2, '0');

/** '28:41', or '1:02:05' past an hour. */
export function fCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = `${pad(minutes)}:${pad(seconds % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}

interface CountdownProps {
  /** When the hold ends (ISO instant). */
  until: string;
  /** Once, when it has run out: the sweep passes the place on within a minute, so look again. */
  onEnd: () => void;
}

/**
 * The time left on a held place, ticking each second. A timer (aria-live off): a screen reader
 * reads it when reached, rather than every second.
 */
export function Countdown({ until, onEnd }: CountdownProps) {
  const t = useT();
  const end = Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  const left = end - now;
  // Ticks while time is left; one interval for the whole hold, not one per second.
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  const ended = useRef(false);
  useEffect(() => {
    if (left > 0 || ended.current) return;
    ended.current = true;
    onEnd();
  }, [left, onEnd]);
  return (
    <Box component="span" role="timer" aria-live="off" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
      {left > 0 ? t('waitlist.expiresIn', { time: fCountdown(left) }) : t('waitlist.expiring')}
    </Box>
  );
}
