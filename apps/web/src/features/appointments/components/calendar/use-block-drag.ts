import type { AppointmentSummary } from '@caredesk/shared';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

/** A free slot of a doctor's day: where a click books and a drop moves to. */
export interface SlotTarget {
  doctorId: string;
  date: string;
  start: string;
  end: string;
  /** A full slot a drop may move a visit into only as an extra, if the desk says so. */
  full?: boolean;
}

export interface DragState {
  id: string;
  /** px the block has travelled in the grid (the pointer's move plus any scroll of the grid). */
  dx: number;
  dy: number;
  /** The free slot under the pointer, if it is somewhere else than the visit is now. */
  target: SlotTarget | null;
}

/** A mouse must move this far before a press becomes a drag: a click still opens the visit. */
const MOUSE_SLOP_PX = 4;
/** A finger that moves this far before the hold is up is scrolling the grid, not picking a block up. */
const TOUCH_SLOP_PX = 8;
/** A finger held this long on a block picks it up; a quick swipe over it scrolls the grid as before. */
export const TOUCH_HOLD_MS = 350;
/** Near an edge of the grid the grid scrolls, so a slot out of view can be reached. */
const EDGE_PX = 40;
const EDGE_STEP_PX = 12;

export const slotKey = (slot: Pick<SlotTarget, 'doctorId' | 'date' | 'start'>) => `${slot.doctorId}|${slot.date}|${slot.start}`;

/** The free-slot cell (or full slot's drop zone) under a point, by its data-slot-* attributes (the dragged block lets the point through). */
function slotAt(x: number, y: number): SlotTarget | null {
  const cell = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-slot-start]');
  const { slotDoctor, slotDate, slotStart, slotEnd, slotFull } = cell?.dataset ?? {};
  if (!slotDoctor || !slotDate || !slotStart || !slotEnd) return null;
  return { doctorId: slotDoctor, date: slotDate, start: slotStart, end: slotEnd, ...(slotFull === undefined ? {} : { full: true }) };
}

const isWhereItIs = (appointment: AppointmentSummary, target: SlotTarget) =>
  target.doctorId === appointment.doctorId && target.date === appointment.date && target.start === appointment.startTime.slice(0, 5);

/**
 * Picks a booked block up with a pointer (a mouse that moves, a finger that holds) and drops it on
 * a free slot, or on a full one the day still has extras for. Hand-written on pointer events (about a hundred lines, where a drag-and-drop library
 * would add its weight to the calendar for one gesture). Escape or a cancelled pointer puts it back.
 * Keyboard users move a visit with 'Reschedule' in its drawer.
 */
export function useBlockDrag(scroller: RefObject<HTMLElement | null>, onDrop: (appointment: AppointmentSummary, target: SlotTarget) => void) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const stop = useRef<(() => void) | null>(null);
  // The click that ends a drag must not open the visit as well.
  const dropped = useRef(false);
  useEffect(() => () => stop.current?.(), []);

  const pickUp = (event: ReactPointerEvent<HTMLElement>, appointment: AppointmentSummary) => {
    if (!event.isPrimary || event.button !== 0 || stop.current) return;
    const { pointerId } = event;
    const touch = event.pointerType === 'touch';
    const grid = scroller.current;
    const origin = { x: event.clientX, y: event.clientY, left: grid?.scrollLeft ?? 0, top: grid?.scrollTop ?? 0 };
    let pointer = { x: origin.x, y: origin.y };
    let active = false;
    let target: SlotTarget | null = null;
    let frame = 0;

    const show = () => {
      const under = slotAt(pointer.x, pointer.y);
      target = under && !isWhereItIs(appointment, under) ? under : null;
      const dx = pointer.x - origin.x + (grid?.scrollLeft ?? 0) - origin.left;
      const dy = pointer.y - origin.y + (grid?.scrollTop ?? 0) - origin.top;
      setDrag({ id: appointment.id, dx, dy, target });
    };
    const scrollAtEdges = () => {
      if (grid && (grid.scrollHeight > grid.clientHeight || grid.scrollWidth > grid.clientWidth)) {
        const box = grid.getBoundingClientRect();
        const before = { left: grid.scrollLeft, top: grid.scrollTop };
        if (pointer.y < box.top + EDGE_PX) grid.scrollTop -= EDGE_STEP_PX;
        else if (pointer.y > box.bottom - EDGE_PX) grid.scrollTop += EDGE_STEP_PX;
        if (pointer.x < box.left + EDGE_PX) grid.scrollLeft -= EDGE_STEP_PX;
        else if (pointer.x > box.right - EDGE_PX) grid.scrollLeft += EDGE_STEP_PX;
        if (grid.scrollLeft !== before.left || grid.scrollTop !== before.top) show();
      }
      frame = requestAnimationFrame(scrollAtEdges);
    };
    const begin = () => {
      active = true;
      show();
      frame = requestAnimationFrame(scrollAtEdges);
    };
    const hold = touch ? window.setTimeout(begin, TOUCH_HOLD_MS) : undefined;

    const onMove = (move: PointerEvent) => {
      if (move.pointerId !== pointerId) return;
      pointer = { x: move.clientX, y: move.clientY };
      if (active) {
        show();
        return;
      }
      const travelled = Math.hypot(pointer.x - origin.x, pointer.y - origin.y);
      if (touch && travelled > TOUCH_SLOP_PX) finish();
      else if (!touch && travelled > MOUSE_SLOP_PX) begin();
    };
    const onUp = (up: PointerEvent) => {
      if (up.pointerId !== pointerId) return;
      const wasActive = active;
      const landing = active ? target : null;
      finish();
      if (!wasActive) return;
      dropped.current = true;
      window.setTimeout(() => (dropped.current = false));
      if (landing) onDrop(appointment, landing);
    };
    const onCancel = (cancel: PointerEvent) => {
      if (cancel.pointerId === pointerId) finish();
    };
    const onKey = (key: KeyboardEvent) => {
      if (key.key !== 'Escape' || !active) return;
      key.preventDefault();
      finish();
    };
    // Once a finger has picked the block up, moving it drags the block, not the page.
    const onTouchMove = (touchMove: TouchEvent) => {
      if (active) touchMove.preventDefault();
    };
    // A long press would open the browser's menu over the block being picked up.
    const onMenu = (menu: Event) => {
      if (touch) menu.preventDefault();
    };
    const listeners = [
      ['pointermove', onMove],
      ['pointerup', onUp],
      ['pointercancel', onCancel],
      ['keydown', onKey],
      ['contextmenu', onMenu],
    ] as const;

    function finish() {
      window.clearTimeout(hold);
      cancelAnimationFrame(frame);
      for (const [type, listener] of listeners) window.removeEventListener(type, listener as EventListener);
      window.removeEventListener('touchmove', onTouchMove);
      stop.current = null;
      setDrag(null);
    }
    for (const [type, listener] of listeners) window.addEventListener(type, listener as EventListener);
    window.addEventListener('touchmove', onTouchMove, { passive: false });
    stop.current = finish;
  };

  return {
    drag,
    pickUp,
    /** Whether a click is the end of a drag (and so opens nothing). */
    endsDrag: () => dropped.current,
  };
}
