import { weeklyAvailabilitySchema, type AvailabilityWindow } from '@caredesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, render, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AvailabilityEditor } from './availability-editor';

const schema = z.object({ availability: weeklyAvailabilitySchema });

/** The editor inside a form validated by the shared schema, as the doctor and scan forms use it. */
function Harness({ initial = [], onSave }: { initial?: AvailabilityWindow[]; onSave: (windows: AvailabilityWindow[]) => void }) {
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { availability: initial } });
  return (
    <form onSubmit={(event) => void form.handleSubmit((values) => onSave(values.availability))(event)}>
      <Controller
        name="availability"
        control={form.control}
        render={({ field, fieldState }) => <AvailabilityEditor value={field.value} onChange={field.onChange} error={fieldState.error} />}
      />
      <button type="submit">Save</button>
    </form>
  );
}

const input = (name: string) => screen.getByLabelText(name);

describe('the weekly availability editor', () => {
  it('adds several windows to a day and saves them as weekday windows', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    expect(within(screen.getByRole('group', { name: 'Monday' })).getByText('Not available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add window for Monday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add window for Monday' }));
    expect(input('Monday window 1 start')).toHaveValue('09:00');
    expect(input('Monday window 1 end')).toHaveValue('13:00');
    // The second window starts an hour after the first ends.
    expect(input('Monday window 2 start')).toHaveValue('14:00');
    fireEvent.change(input('Monday window 2 end'), { target: { value: '18:30' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith([
      { weekday: 1, start: '09:00', end: '13:00' },
      { weekday: 1, start: '14:00', end: '18:30' },
    ]);
  });

  it('shows overlap and end-before-start errors on the offending inputs', async () => {
    const onSave = vi.fn();
    render(
      <Harness
        onSave={onSave}
        initial={[
          { weekday: 2, start: '09:00', end: '12:00' },
          { weekday: 2, start: '11:00', end: '14:00' },
          { weekday: 3, start: '10:00', end: '09:00' },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(input('Tuesday window 2 start')).toHaveAccessibleDescription('This window overlaps another on the same day');
    expect(input('Tuesday window 1 start')).not.toHaveAccessibleDescription();
    expect(input('Wednesday window 1 end')).toHaveAccessibleDescription('End time must be after the start time');
    expect(onSave).not.toHaveBeenCalled();
    // Fixing the times clears the errors (the form re-validates on change after a submit).
    fireEvent.change(input('Tuesday window 2 start'), { target: { value: '12:00' } });
    fireEvent.change(input('Wednesday window 1 end'), { target: { value: '17:00' } });
    // Re-validation runs the resolver asynchronously: wait for it rather than read the field at once.
    await waitFor(() => expect(input('Tuesday window 2 start')).not.toHaveAccessibleDescription());
    await waitFor(() => expect(input('Wednesday window 1 end')).not.toHaveAccessibleDescription());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledOnce();
  });

  it('removes a window', async () => {
    const onSave = vi.fn();
    render(
      <Harness
        onSave={onSave}
        initial={[
          { weekday: 5, start: '09:00', end: '12:00' },
          { weekday: 5, start: '15:00', end: '18:00' },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove Friday window 1' }));
    expect(input('Friday window 1 start')).toHaveValue('15:00');
    expect(screen.queryByLabelText('Friday window 2 start')).not.toBeInTheDocument();
  });

  it("copies Monday's windows to every weekday, replacing theirs", async () => {
    const onSave = vi.fn();
    render(
      <Harness
        onSave={onSave}
        initial={[
          { weekday: 1, start: '09:00', end: '13:00' },
          { weekday: 1, start: '17:00', end: '20:00' },
          { weekday: 3, start: '07:00', end: '08:00' },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy Monday to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Monday to…' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'All weekdays' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Friday' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitForElementToBeRemoved(dialog);
    for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      expect(input(`${day} window 1 start`)).toHaveValue('09:00');
      expect(input(`${day} window 2 end`)).toHaveValue('20:00');
    }
    expect(within(screen.getByRole('group', { name: 'Saturday' })).getByText('Not available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const saved = onSave.mock.calls[0]?.[0] as AvailabilityWindow[];
    expect(saved).toHaveLength(10);
    expect(saved.filter((window) => window.weekday === 3)).toEqual([
      { weekday: 3, start: '09:00', end: '13:00' },
      { weekday: 3, start: '17:00', end: '20:00' },
    ]);
  });

  it('copies a day to chosen days only', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} initial={[{ weekday: 6, start: '10:00', end: '14:00' }]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy Saturday to…' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Sunday' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(input('Sunday window 1 start')).toHaveValue('10:00');
    expect(screen.queryByLabelText('Monday window 1 start')).not.toBeInTheDocument();
  });
});
