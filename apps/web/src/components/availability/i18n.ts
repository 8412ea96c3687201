import type english from '@/i18n/locales/en/availability.json';
import { defineArea } from '@/i18n/use-t';
import messages from 'virtual:catalog/en/availability';

export const { useT, t } = defineArea<keyof typeof english>(messages);

type Translate = ReturnType<typeof useT>;
const WEEKDAY_IDS = [
  'availability.weekday.0',
  'availability.weekday.1',
  'availability.weekday.2',
  'availability.weekday.3',
  'availability.weekday.4',
  'availability.weekday.5',
  'availability.weekday.6',
] as const;

/** A weekday's name (0 = Sunday) in the active language; the shared WEEKDAY_NAMES are English only. */
export const weekdayName = (translate: Translate, weekday: number): string => translate(WEEKDAY_IDS[weekday] ?? WEEKDAY_IDS[0]);
