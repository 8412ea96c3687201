import { passwordStrengthLabels } from '@caredesk/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordStrengthMeter } from './password-strength-meter';

describe('the password strength meter', () => {
  it('says nothing until a password is typed', () => {
    const { container } = render(<PasswordStrengthMeter password="" />);
    expect(screen.getByRole('progressbar', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Empty');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(container).toHaveTextContent(/^$/);
  });

  it.each([
    ['abc', 'Too weak'],
    ['Welcome2026!', 'Strong'],
  ])('shows %s as %s, with what it measures for a screen reader', (password, label) => {
    render(<PasswordStrengthMeter password={password} />);
    expect(passwordStrengthLabels).toContain(label);
    expect(screen.getByRole('progressbar', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', label);
    expect(screen.getByText(label)).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText(`Password strength: ${label}`)).toHaveAttribute('aria-live', 'polite');
  });
});
