import type { ButtonHTMLAttributes } from 'react';
import { Link } from '@/lib/router';
import './button.css';

type Variant = 'primary' | 'secondary' | 'danger' | 'quiet';

function classOf(variant: Variant, className: string | undefined) {
  return ['button', `button--${variant}`, className].filter(Boolean).join(' ');
}

export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={classOf(variant, className)} {...props} />;
}

/** A link that looks like a button (it goes somewhere rather than doing something). */
export function ButtonLink({ variant = 'primary', className, ...props }: Parameters<typeof Link>[0] & { variant?: Variant }) {
  return <Link className={classOf(variant, className)} {...props} />;
}
