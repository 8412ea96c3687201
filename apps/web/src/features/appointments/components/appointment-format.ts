/*
 * The visit formats and statuses now live in components/visits (bookings share them). The
 * appointments page and the calendar view, being edited in parallel, still import them from
 * here: this module forwards until they import components/visits directly.
 */
export { fFee, fTimeOfDay, fVisitDate, isoDay } from '@/components/visits/visit-format';
export { statusColors, statusLabels } from '@/components/visits/visit-status';
