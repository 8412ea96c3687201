import { addDays } from '@caredesk/shared';
import { describe, expect, it } from 'vitest';
import { HOUR_PX, MIN_BLOCK_PX, minutesOf, placeColumn, placeVisits, PX_PER_MINUTE, visibleHours, weekOf } from './calendar-layout';

const visit = (startTime: string, endTime: string, id = startTime) => ({ id, startTime, endTime });
const lanesOf = (visits: ReturnType<typeof visit>[]) => Object.fromEntries(placeVisits(visits, 8).map(({ visit: { id }, lane, lanes }) => [id, `${lane}/${lanes}`]));

describe('calendar layout', () => {
  it('reads times with or without seconds', () => {
    expect(minutesOf('09:30')).toBe(570);
    expect(minutesOf('09:30:00')).toBe(570);
    expect(minutesOf('00:00')).toBe(0);
  });

  it('shows 08:00-20:00 unless visits start earlier or end later, in whole hours', () => {
    expect(visibleHours([])).toEqual({ start: 8, end: 20 });
    expect(visibleHours([visit('09:00', '09:15')])).toEqual({ start: 8, end: 20 });
    expect(visibleHours([visit('06:45', '07:00'), visit('20:10', '20:25')])).toEqual({ start: 6, end: 21 });
    // A visit ending at midnight ends at 24:00, not at 00:00 before it starts.
    expect(visibleHours([visit('23:45', '00:00')])).toEqual({ start: 8, end: 24 });
  });

  it('places a visit by its start and length from the first hour shown', () => {
    const [placed] = placeVisits([visit('09:30', '10:00')], 8);
    expect(placed).toMatchObject({ top: 90 * PX_PER_MINUTE, height: 30 * PX_PER_MINUTE, lane: 0, lanes: 1 });
    expect(placeVisits([visit('08:00', '09:00')], 7)[0]?.top).toBe(HOUR_PX);
  });

  it('never draws a block shorter than the readable minimum', () => {
    expect(placeVisits([visit('09:00', '09:05')], 8)[0]?.height).toBe(MIN_BLOCK_PX);
    expect(placeVisits([visit('09:00', '09:00')], 8)[0]?.height).toBe(MIN_BLOCK_PX);
  });

  it('puts visits of the same slot side by side and back-to-back visits full width', () => {
    const sameSlot = [visit('09:00', '09:15', 'a'), visit('09:00', '09:15', 'b'), visit('09:00', '09:15', 'c'), visit('09:15', '09:30', 'd')];
    expect(lanesOf(sameSlot)).toEqual({ a: '0/3', b: '1/3', c: '2/3', d: '0/1' });
  });

  it('shares the width while blocks overlap and reuses a lane once it is free', () => {
    // b overlaps a and c; c starts after a ends, so it takes a's lane back.
    const chain = [visit('09:00', '09:30', 'a'), visit('09:15', '10:00', 'b'), visit('09:30', '09:45', 'c')];
    expect(lanesOf(chain)).toEqual({ a: '0/2', b: '1/2', c: '0/2' });
  });

  it('judges overlap on the drawn block: a 5-minute visit stretched to the minimum pushes the next aside', () => {
    const short = [visit('09:00', '09:05', 'a'), visit('09:05', '09:10', 'b'), visit('09:30', '09:35', 'c')];
    expect(lanesOf(short)).toEqual({ a: '0/2', b: '1/2', c: '0/1' });
  });

  it('puts a free slot beside a visit of the same slot, and cuts another short where a stretched visit reaches into it', () => {
    // 10-minute slots: the 09:00 visit is drawn 12 minutes long, into the 09:10 slot.
    const free = [visit('09:00', '09:10', 'free-0900'), visit('09:10', '09:20', 'free-0910'), visit('09:20', '09:30', 'free-0920')];
    const { visits, free: cells } = placeColumn([visit('09:00', '09:10', 'a')], free, 8);
    expect(visits.map(({ visit: { id }, top, height, lane, lanes }) => [id, top, height, `${lane}/${lanes}`])).toEqual([['a', 60 * PX_PER_MINUTE, MIN_BLOCK_PX, '0/2']]);
    expect(cells.map(({ visit: { id }, top, height, lane, lanes }) => [id, top, height, `${lane}/${lanes}`])).toEqual([
      ['free-0900', 60 * PX_PER_MINUTE, MIN_BLOCK_PX, '1/2'],
      ['free-0910', 60 * PX_PER_MINUTE + MIN_BLOCK_PX, 80 * PX_PER_MINUTE - (60 * PX_PER_MINUTE + MIN_BLOCK_PX), '0/1'],
      ['free-0920', 80 * PX_PER_MINUTE, 10 * PX_PER_MINUTE, '0/1'],
    ]);
  });

  it('leaves out a free slot a visit covers all but a sliver of', () => {
    // 5-minute slots: the 09:00 visit is drawn 12 minutes long, over 09:05 and most of 09:10.
    const free = [visit('09:05', '09:10', 'gone'), visit('09:10', '09:15', 'sliver'), visit('09:15', '09:20', 'whole')];
    expect(placeColumn([visit('09:00', '09:05', 'a')], free, 9).free.map(({ visit: { id }, height }) => [id, height])).toEqual([['whole', 5 * PX_PER_MINUTE]]);
  });

  it('orders blocks by start time whatever order they come in', () => {
    const placed = placeVisits([visit('11:00', '11:15', 'late'), visit('09:00', '09:15', 'early')], 8);
    expect(placed.map((placement) => placement.visit.id)).toEqual(['early', 'late']);
  });

  it('gives the Monday-first week of a date, across month and year ends', () => {
    expect(weekOf('2026-11-25')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(weekOf('2026-11-23')[0]).toBe('2026-11-23');
    expect(weekOf('2026-11-29')[0]).toBe('2026-11-23');
    expect(weekOf('2027-01-01')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
