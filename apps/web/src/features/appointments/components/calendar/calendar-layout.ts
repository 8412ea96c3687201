import { addDays, startOfWeek } from '@caredesk/shared';

/** 2 px a minute: a 15-minute visit is 30 px, room for one line of token and name. */
export const PX_PER_MINUTE = 2;
export const HOUR_PX = 60 * PX_PER_MINUTE;
/** A 10-minute slot would be 20 px; blocks never get shorter than this, so they stay readable and clickable. */
export const MIN_BLOCK_PX = 24;
/** The front desk's usual day: the grid always shows at least these hours. */
const DEFAULT_HOURS: HourSpan = { start: 8, end: 20 };

export interface TimedVisit {
  startTime: string;
  endTime: string;
}

/** Whole hours shown by the grid, end exclusive: { start: 8, end: 20 } is 08:00-20:00. */
export interface HourSpan {
  start: number;
  end: number;
}

export interface Placement<T> {
  visit: T;
  /** px from the top of the grid's first hour */
  top: number;
  height: number;
  /** Side-by-side position among the blocks it overlaps: lane 0 of 1 takes the whole width. */
  lane: number;
  lanes: number;
}

/** '09:30' or '09:30:00' (PostgreSQL time) -> 570. */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

function startMinutes(visit: TimedVisit): number {
  return minutesOf(visit.startTime);
}

/** A visit ending at midnight reads '00:00': it ends at 24:00, not before it starts. */
function endMinutes(visit: TimedVisit): number {
  const start = startMinutes(visit);
  const end = minutesOf(visit.endTime);
  if (end > start) return end;
  return end === 0 ? 24 * 60 : start;
}

/** 08:00-20:00, stretched to the whole hours that cover every visit (an early clinic, a late one). */
export function visibleHours(visits: readonly TimedVisit[]): HourSpan {
  let { start, end } = DEFAULT_HOURS;
  for (const visit of visits) {
    start = Math.min(start, Math.floor(startMinutes(visit) / 60));
    end = Math.max(end, Math.ceil(endMinutes(visit) / 60));
  }
  return { start, end: Math.min(end, 24) };
}

/**
 * Places one column's visits. Blocks that overlap share the width side by side: a doctor sees up
 * to patientsPerSlot patients in one slot, and MIN_BLOCK_PX can stretch a short visit over the next.
 * Overlap is judged on the drawn blocks, not the times, so no two blocks ever cover each other.
 */
export function placeVisits<T extends TimedVisit>(visits: readonly T[], firstHour: number): Placement<T>[] {
  const sorted = [...visits].sort((a, b) => startMinutes(a) - startMinutes(b) || endMinutes(a) - endMinutes(b));
  const placed: Placement<T>[] = [];
  let cluster: Placement<T>[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = Number.NEGATIVE_INFINITY;
  const closeCluster = () => {
    for (const placement of cluster) placement.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const visit of sorted) {
    const top = (startMinutes(visit) - firstHour * 60) * PX_PER_MINUTE;
    const height = Math.max((endMinutes(visit) - startMinutes(visit)) * PX_PER_MINUTE, MIN_BLOCK_PX);
    if (top >= clusterEnd) closeCluster();
    let lane = laneEnds.findIndex((end) => end <= top);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = top + height;
    clusterEnd = cluster.length === 0 ? top + height : Math.max(clusterEnd, top + height);
    const placement = { visit, top, height, lane, lanes: 1 };
    cluster.push(placement);
    placed.push(placement);
  }
  closeCluster();
  return placed;
}

/** Less than this of a free slot's cell left beside the blocks, and it is not drawn (the dialog still offers the slot). */
export const MIN_FREE_CELL_PX = 8;

/**
 * Places a column's visits and its free slots' cells. A free slot that starts with a visit (a slot
 * with places left) stands beside it as one more block. Any other is drawn the whole width at its
 * true length, cut short where a visit's block reaches into it (a 10-minute visit is drawn 12
 * minutes long), so a free slot never narrows the visits around it.
 */
export function placeColumn<V extends TimedVisit, F extends TimedVisit>(visits: readonly V[], free: readonly F[], firstHour: number) {
  const visitStarts = new Set(visits.map(startMinutes));
  const beside = new Set(free.filter((cell) => visitStarts.has(startMinutes(cell))));
  const blocks = placeVisits<V | F>([...visits, ...beside], firstHour);
  const cells: Placement<F>[] = [];
  for (const placement of blocks) if (beside.has(placement.visit as F)) cells.push(placement as Placement<F>);
  for (const cell of free) {
    if (beside.has(cell)) continue;
    let top = (startMinutes(cell) - firstHour * 60) * PX_PER_MINUTE;
    let bottom = (endMinutes(cell) - firstHour * 60) * PX_PER_MINUTE;
    for (const block of blocks) {
      const blockBottom = block.top + block.height;
      if (block.top >= bottom || blockBottom <= top) continue;
      if (block.top <= top) top = Math.max(top, blockBottom);
      else bottom = Math.min(bottom, block.top);
    }
    if (bottom - top >= MIN_FREE_CELL_PX) cells.push({ visit: cell, top, height: bottom - top, lane: 0, lanes: 1 });
  }
  return { visits: blocks.filter((placement) => !beside.has(placement.visit as F)) as Placement<V>[], free: cells };
}

/** The seven dates, Monday first, of the week that holds `date`. */
export function weekOf(date: string): string[] {
  const monday = startOfWeek(date);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}
