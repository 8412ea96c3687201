import { useState } from 'react';
import { CodeStep } from './code-step';
import { PhoneStep } from './phone-step';
import './phone-sign-in.css';

/**
 * Signing in by phone: the number, then the texted code. The sign-in page and the booking flow
 * (signing in mid-booking, without leaving it) both use it; `onSignedIn` says what comes next.
 */
export function PhoneSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [phone, setPhone] = useState<string | null>(null);
  return phone === null ? <PhoneStep onSent={setPhone} /> : <CodeStep phone={phone} onChangePhone={() => setPhone(null)} onSignedIn={onSignedIn} />;
}
