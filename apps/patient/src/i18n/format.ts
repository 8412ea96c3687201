import { useLingui } from '@lingui/react';

/** 4 January 1970 was a Sunday: weekday n (0 Sunday … 6 Saturday) is n days after it. */
const A_SUNDAY = Date.UTC(1970, 0, 4);
const DAY_MS = 86_400_000;

/**
 * Dates, times and money in the active language's Indian variant ('Mon, 12 Jan 2026', '10:30 am',
 * '₹1,50,000'), from the API's YYYY-MM-DD and HH:mm, which are already the organisation's local
 * day and time, and its integer paise.
 */
export function useFormat() {
  const { i18n } = useLingui();
  return {
    date: (date: string) => i18n.date(new Date(`${date}T00:00:00Z`), { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
    /** The date without its year, for the next few weeks: 'Tue, 25 Nov'. */
    shortDate: (date: string) => i18n.date(new Date(`${date}T00:00:00Z`), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }),
    time: (time: string) => i18n.date(new Date(`1970-01-01T${time}:00Z`), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }),
    /** 0 Sunday … 6 Saturday, by name: 'Monday', 'सोमवार'. */
    weekday: (weekday: number) => i18n.date(new Date(A_SUNDAY + weekday * DAY_MS), { weekday: 'long', timeZone: 'UTC' }),
    /**
     * Rupees from paise, with Indian digit grouping; paise shown only when there are some. Every
     * language here writes rupees alike (₹, Latin digits, lakhs), but CLDR's Kannada groups by
     * thousands (₹150,000), which no bill in Karnataka does: money is always en-IN's.
     */
    /** Names joined as the language joins a list: 'CBC, TSH and Lipid profile'. */
    list: (names: readonly string[]) => new Intl.ListFormat(i18n.locales ?? i18n.locale, { type: 'conjunction' }).format(names),
    money: (paise: number) => {
      const digits = paise % 100 === 0 ? 0 : 2;
      return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(paise / 100);
    },
  };
}

export type Format = ReturnType<typeof useFormat>;
