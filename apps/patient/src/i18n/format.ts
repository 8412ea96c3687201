import { useLingui } from '@lingui/react';

/**
 * Dates and times in the active language's Indian variant ('Mon, 12 Jan 2026', '10:30 am'),
 * from the API's YYYY-MM-DD and HH:mm, which are already the organisation's local day and time.
 */
export function useFormat() {
  const { i18n } = useLingui();
  return {
    date: (date: string) => i18n.date(new Date(`${date}T00:00:00Z`), { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
    time: (time: string) => i18n.date(new Date(`1970-01-01T${time}:00Z`), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }),
  };
}
