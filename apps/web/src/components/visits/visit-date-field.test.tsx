import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DAY_INSTANTS, pinClock } from '@/test/clock';
import { VisitDateField } from './visit-date-field';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-06-01' -> ['01', '06', '2026'] and '01 Jun 2026', written out rather than taken from the console's code. */
const parts = (date: string) => [date.slice(8), date.slice(5, 7), date.slice(0, 4)] as const;
const shown = (date: string) => `${date.slice(8)} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

function Harness({ today, max, onChange }: { today: string; max?: string; onChange: (date: string) => void }) {
  const [date, setDate] = useState(today);
  return (
    <>
      <VisitDateField
        label="Date"
        value={date}
        min={today}
        max={max}
        onChange={(next) => {
          setDate(next);
          onChange(next);
        }}
      />
      <p>Chosen: {date || 'none'}</p>
    </>
  );
}

function setup(today: string, max?: string) {
  const onChange = vi.fn();
  render(<Harness today={today} max={max} onChange={onChange} />);
  const field = screen.getByRole('textbox', { name: 'Date' });
  return { field, onChange, user: userEvent.setup() };
}

// Typing is measured against India's today, at mid-morning and either side of midnight there.
describe.each(DAY_INSTANTS)('typing a visit date at $label', ({ at }) => {
  const { today, day } = pinClock(at);
  // A day more than 12 into its month, so that 11/24/2026 (month first) can be told from 24/11/2026.
  const later = Array.from({ length: 40 }, (_, offset) => day(offset + 20)).find((date) => Number(date.slice(8)) > 12)!;
  const [dd, mm, yyyy] = parts(later);

  it('starts on today and names its weekday', () => {
    const { field } = setup(today);
    expect(field).toHaveValue(shown(today));
    expect(screen.getByText(`${dayjs(today).format('dddd')}, ${shown(today)}`)).toBeInTheDocument();
  });

  it.each([
    ['day first', () => `${dd}/${mm}/${yyyy}`],
    ['month first', () => `${mm}/${dd}/${yyyy}`],
    ['with the month named', () => `${dd} ${MONTHS[Number(mm) - 1]} ${yyyy}`],
    ['as YYYY-MM-DD', () => later],
  ])('keeps a date typed %s, and takes it', async (_, typed) => {
    const { field, user, onChange } = setup(today);
    await user.clear(field);
    await user.type(field, typed());
    expect(field).toHaveValue(typed());
    expect(onChange).toHaveBeenLastCalledWith(later);
    expect(screen.getByText(`Chosen: ${later}`)).toBeInTheDocument();
    expect(screen.getByText(`${dayjs(later).format('dddd')}, ${shown(later)}`)).toBeInTheDocument();
    // Leaving the field writes it as the console writes dates.
    await user.tab();
    expect(field).toHaveValue(shown(later));
  });

  it('says why a past day cannot be booked, and takes nothing', async () => {
    const { field, user } = setup(today);
    const [d, m, y] = parts(day(-1));
    await user.clear(field);
    await user.type(field, `${d}/${m}/${y}`);
    expect(field).toHaveValue(`${d}/${m}/${y}`);
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription(`${shown(day(-1))} has passed: choose today or a later day`);
    expect(screen.getByText('Chosen: none')).toBeInTheDocument();
  });

  it('says how far ahead visits can be booked, when there is a limit', async () => {
    const { field, user } = setup(today, day(30));
    await user.clear(field);
    await user.type(field, day(31));
    expect(field).toHaveAccessibleDescription(`Visits can be booked up to ${shown(day(30))}`);
    expect(screen.getByText('Chosen: none')).toBeInTheDocument();
  });

  it('asks for a date once the field is left with something else', async () => {
    const { field, user } = setup(today);
    await user.clear(field);
    await user.type(field, '31/02/2026');
    expect(field).not.toBeInvalid();
    await user.tab();
    expect(field).toHaveAccessibleDescription('Not a date: type it like 24/11/2026 or 24 Nov 2026');
    await user.clear(field);
    expect(field).toHaveAccessibleDescription('Enter a date');
  });
});
