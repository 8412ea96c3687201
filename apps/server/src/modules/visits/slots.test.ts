import { describe, expect, it } from 'vitest';
import { weekdayOf, zonedNow } from '@caredesk/shared';
import { bookableSlot, capacityOn, freeSlots, isPast, slotTimesOn, type SlotSchedule } from './slots.js';

// 2026-11-23 is a Monday (weekday 1), 2026-11-22 a Sunday (weekday 0).
const MONDAY = '2026-11-23';
const schedule = (overrides: Partial<SlotSchedule> = {}): SlotSchedule => ({
  availability: [
    { weekday: 1, start: '17:00', end: '18:00' },
    { weekday: 1, start: '09:00', end: '10:00' },
    { weekday: 3, start: '09:00', end: '12:00' },
  ],
  slotMinutes: 20,
  capacity: 1,
  leaveDates: [],
  ...overrides,
});
const longAgo = { date: '2000-01-01', time: '00:00' };

describe('slot engine', () => {
  it('counts weekdays from Sunday = 0, whatever the server time zone', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf(MONDAY)).toBe(1);
    expect(weekdayOf('2026-11-28')).toBe(6);
  });

  it('cuts every window of that weekday into slots, in time order', () => {
    expect(slotTimesOn(schedule(), MONDAY)).toEqual([
      { start: '09:00', end: '09:20' },
      { start: '09:20', end: '09:40' },
      { start: '09:40', end: '10:00' },
      { start: '17:00', end: '17:20' },
      { start: '17:20', end: '17:40' },
      { start: '17:40', end: '18:00' },
    ]);
    expect(slotTimesOn(schedule(), '2026-11-24')).toEqual([]);
  });

  it('never lets a slot run past the end of its window', () => {
    const slots = slotTimesOn(schedule({ slotMinutes: 25 }), MONDAY);
    expect(slots.map((slot) => slot.start)).toEqual(['09:00', '09:25', '17:00', '17:25']);
    expect(slots.at(-1)).toEqual({ start: '17:25', end: '17:50' });
  });

  it('has no slots on a leave date', () => {
    expect(slotTimesOn(schedule({ leaveDates: [MONDAY] }), MONDAY)).toEqual([]);
    expect(freeSlots(schedule({ leaveDates: [MONDAY] }), MONDAY, new Map(), longAgo)).toEqual([]);
  });

  it('leaves out full slots and says how many places the others have left', () => {
    const counts = new Map([
      ['09:00', 3],
      ['09:20', 1],
    ]);
    const slots = freeSlots(schedule({ capacity: 3 }), MONDAY, counts, longAgo);
    expect(slots[0]).toEqual({ start: '09:20', end: '09:40', capacity: 3, remaining: 2 });
    expect(slots[1]).toEqual({ start: '09:40', end: '10:00', capacity: 3, remaining: 3 });
    expect(slots).toHaveLength(5);
  });

  it('leaves out slots that have already started today, and every slot of a past day', () => {
    const now = { date: MONDAY, time: '09:25' };
    expect(freeSlots(schedule(), MONDAY, new Map(), now).map((slot) => slot.start)).toEqual(['09:40', '17:00', '17:20', '17:40']);
    expect(freeSlots(schedule(), MONDAY, new Map(), { date: '2026-11-24', time: '00:00' })).toEqual([]);
    expect(isPast(MONDAY, '09:20', now)).toBe(true);
    expect(isPast(MONDAY, '09:40', now)).toBe(false);
    expect(isPast('2026-11-30', '00:00', now)).toBe(false);
  });

  it('reads now in the organisation’s time zone, not the server’s', () => {
    // 20:00 UTC on Sunday is 01:30 on Monday in Kolkata and 15:00 on Sunday in New York.
    const instant = new Date('2026-11-22T20:00:00Z');
    expect(zonedNow('Asia/Kolkata', instant)).toEqual({ date: MONDAY, time: '01:30' });
    expect(zonedNow('America/New_York', instant)).toEqual({ date: '2026-11-22', time: '15:00' });
    expect(zonedNow('UTC', new Date('2026-11-22T00:05:00Z'))).toEqual({ date: '2026-11-22', time: '00:05' });
    // In Kolkata the morning slots of that Monday are still ahead.
    expect(freeSlots(schedule(), MONDAY, new Map(), zonedNow('Asia/Kolkata', instant))).toHaveLength(6);
    expect(freeSlots(schedule(), MONDAY, new Map(), zonedNow('Asia/Kolkata', new Date('2026-11-23T04:00:00Z'))).map((s) => s.start)).toEqual(['09:40', '17:00', '17:20', '17:40']);
  });

  describe("a day changed from the week (the doctor's day)", () => {
    const late = schedule({
      days: new Map([
        [
          MONDAY,
          {
            windows: [
              { start: '09:40', end: '10:00' },
              { start: '19:00', end: '19:40' },
            ],
            capacity: null,
          },
        ],
      ]),
    });

    it("takes that day's hours instead of the weekday's, and leaves the other days alone", () => {
      expect(slotTimesOn(late, MONDAY)).toEqual([
        { start: '09:40', end: '10:00' },
        { start: '19:00', end: '19:20' },
        { start: '19:20', end: '19:40' },
      ]);
      expect(slotTimesOn(late, '2026-11-30')).toHaveLength(6);
      expect(() => bookableSlot(late, 'Dr. Rao', MONDAY, '09:00', 'Asia/Kolkata', new Date('2026-01-01T00:00:00Z'))).toThrow('09:00 is not a slot of Dr. Rao on 2026-11-23');
      expect(bookableSlot(late, 'Dr. Rao', MONDAY, '19:20', 'Asia/Kolkata', new Date('2026-01-01T00:00:00Z'))).toEqual({ start: '19:20', end: '19:40' });
    });

    it("closes the day with no hours, keeps the week's hours with none given, and leave still wins", () => {
      expect(slotTimesOn(schedule({ days: new Map([[MONDAY, { windows: [], capacity: null }]]) }), MONDAY)).toEqual([]);
      const capped = schedule({ capacity: 3, days: new Map([[MONDAY, { windows: null, capacity: 1 }]]) });
      expect(slotTimesOn(capped, MONDAY)).toHaveLength(6);
      expect(capacityOn(capped, MONDAY)).toBe(1);
      expect(capacityOn(capped, '2026-11-30')).toBe(3);
      expect(slotTimesOn({ ...late, leaveDates: [MONDAY] }, MONDAY)).toEqual([]);
    });

    it("offers each slot with that day's cap", () => {
      const capped = schedule({ capacity: 3, days: new Map([[MONDAY, { windows: null, capacity: 2 }]]) });
      const free = freeSlots(
        capped,
        MONDAY,
        new Map([
          ['09:00', 2],
          ['09:20', 1],
        ]),
        longAgo,
      );
      expect(free.map((slot) => [slot.start, slot.capacity, slot.remaining])).toEqual([
        ['09:20', 2, 1],
        ['09:40', 2, 2],
        ['17:00', 2, 2],
        ['17:20', 2, 2],
        ['17:40', 2, 2],
      ]);
    });
  });
});
