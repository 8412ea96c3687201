/**
 * The visits engine's front door (design.md §10): one place books, moves, reschedules, cancels,
 * lists and announces visits of every kind. Other modules import from here only.
 */
export { appointmentKind, bookingKind, BOOKABLE_KINDS, liveAppointmentStatuses, liveBookingStatuses, type VisitCreate, type VisitKind, type VisitOwner } from './kinds.js';
export { bookedVisitFields, bookVisit, bookVisitIn, bookVisitRecord, bookVisitRecordIn, staffActor, type BookedVisit, type VisitActor } from './book.js';
export {
  actOnVisit,
  cancelVisitByPatient,
  cancelVisitIn,
  confirmVisit,
  lockVisit,
  queueTimesOf,
  recordHistory,
  rescheduleVisit,
  rescheduleVisitIn,
  type VisitMove,
} from './engine.js';
export {
  createVisitLifecycle,
  visitLifecycleEvents,
  visitTransaction,
  type VisitLifecycle,
  type VisitLifecycleEvent,
  type VisitLifecycleEventType,
  type VisitSubscriber,
  type VisitWrite,
  type WriteOptions,
} from './lifecycle.js';
export { listFreeSlots } from './free-slots.js';
export { addWalkIn, type WalkInInput } from './walk-in.js';
export { oneVisit, visitBatches, visitHistory, visitListWhere, visitPage, withTokenLabel, type VisitListFilters } from './queries.js';
export { bulkVisitWrites, cancelVisits, rescheduleVisits } from './bulk.js';
export { visitCsvColumns, type VisitExportRow } from './export.js';
export { notifyStaffOfArea, type StaffNotification } from './notify-staff.js';
export { visitWhen } from './visit-dates.js';
export { assertMayChangeExtras, assertVisitDayReached, hasVisits, isDayBound, statusAfterMove, type DayBoundAction } from './rules.js';
export {
  assertSlotRoom,
  bookableSlot,
  capacityOn,
  freeSlots,
  isPast,
  organisationZone,
  slotTimesOn,
  windowsOn,
  type DayChange,
  type SlotSchedule,
  type SlotTime,
} from './slots.js';
export { dayChangesOf, withDayChanges } from './day-changes.js';
export { dayOccupancy, lockDayOf, shareOwner } from './owner-day.js';
export { fVisitDate } from './visit-dates.js';
export { bookSeries, cancelSeries, rescheduleSeries, seriesRecord, seriesRow, type BookedSeries, type SeriesBooking, type SeriesChange, type SeriesMove } from './series.js';
export { seriesRoutes, type SeriesRoutesSpec } from './series-routes.js';
