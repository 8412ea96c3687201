import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '@/i18n/i18n';
import { AvailabilityEditor } from './availability-editor';
import { LeaveDatesEditor } from './leave-dates-editor';
import { UpcomingSlots } from './upcoming-slots';
import { WeeklySchedule } from './weekly-schedule';

afterEach(() => activateLanguage('en'));

const monday = [{ weekday: 1, start: '09:00', end: '10:00' }];

describe('the availability editors in Kannada and Hindi', () => {
  it('names the days, windows and their buttons in Kannada', async () => {
    await activateLanguage('kn');
    render(<AvailabilityEditor value={monday} onChange={vi.fn()} />);
    const day = screen.getByRole('group', { name: 'ಸೋಮವಾರ' });
    expect(within(day).getByLabelText('ಸೋಮವಾರ ಸಮಯ 1 ಆರಂಭ')).toHaveValue('09:00');
    expect(within(day).getByLabelText('ಸೋಮವಾರ ಸಮಯ 1 ಕೊನೆ')).toHaveValue('10:00');
    expect(within(day).getByRole('button', { name: 'ಸೋಮವಾರ ಸಮಯ 1 ತೆಗೆದುಹಾಕಿ' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'ಮಂಗಳವಾರ' })).getByText('ಲಭ್ಯವಿಲ್ಲ')).toBeInTheDocument();
    await userEvent.click(within(day).getByRole('button', { name: 'ಸೋಮವಾರ ದಿನದ ಸಮಯಗಳನ್ನು ನಕಲಿಸಿ…' }));
    const dialog = screen.getByRole('dialog', { name: 'ಸೋಮವಾರ ದಿನದ ಸಮಯಗಳನ್ನು ನಕಲಿಸಿ…' });
    expect(within(dialog).getByRole('button', { name: 'ಎಲ್ಲಾ ವಾರದ ದಿನಗಳು' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'ಭಾನುವಾರ' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'ನಕಲಿಸಿ' })).toBeDisabled();
  });

  it('shows the leave dates, the schedule and the next days in Hindi', async () => {
    await activateLanguage('hi');
    render(
      <>
        <LeaveDatesEditor value={[]} onChange={vi.fn()} />
        <WeeklySchedule availability={monday} />
        <UpcomingSlots availability={monday} slotMinutes={30} leaveDates={['2026-03-03']} from={new Date(2026, 2, 2, 8)} />
      </>,
    );
    expect(screen.getByLabelText('छुट्टी की तारीख')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'छुट्टी की तारीख जोड़ें' })).toBeDisabled();
    expect(screen.getByText('छुट्टी की कोई तारीख नहीं।')).toBeInTheDocument();
    expect(screen.getByText('सोमवार')).toBeInTheDocument();
    const days = screen.getByRole('list', { name: 'अगले 7 दिन' });
    expect(within(days).getByRole('listitem', { name: /^आज, / })).toBeInTheDocument();
    expect(within(days).getByText('छुट्टी पर')).toBeInTheDocument();
  });
});
