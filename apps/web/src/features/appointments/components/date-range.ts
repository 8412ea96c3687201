// Moved to components/visits; kept for the calendar view being edited in parallel (see appointment-format.ts).
export type { DateRange } from '@/components/visits/date-range';
