import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Clock } from './clock';

describe('the header clock', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the date and time and ticks every second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2024, 2, 9, 16, 5, 58));
    render(<Clock />);
    const clock = screen.getByTestId('clock');
    expect(clock).toHaveAccessibleName('Current date and time');
    expect(clock).toHaveTextContent('09 Mar 2024');
    expect(clock).toHaveTextContent('4:05:58 pm');

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(clock).toHaveTextContent('4:05:59 pm');

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(clock).toHaveTextContent('4:06:00 pm');
  });
});
