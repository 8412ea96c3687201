import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useT } from '@/i18n/use-t';
import { ApiError } from '@/lib/http';
import { requestCode } from '../api/request-code';
import { verifyCode } from '../api/verify-code';
import { errorText } from '@/lib/error-text';
import { formatPhone } from '../phone';

const CODE_DIGITS = 6;
/** A resend waits this long after a text, or as long as the server's Retry-After says. */
export const RESEND_AFTER_SECONDS = 30;

interface CodeStepProps {
  phone: string;
  onChangePhone: () => void;
  onSignedIn: () => void;
}

/** Step 2: the code from the text message; a new one after the wait; another number. */
export function CodeStep({ phone, onChangePhone, onSignedIn }: CodeStepProps) {
  const t = useT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);
  const [wait, setWait] = useState(RESEND_AFTER_SECONDS);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!new RegExp(`^\\d{${CODE_DIGITS}}$`).test(digits)) {
      setError(t('signIn.codeInvalid'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await verifyCode(phone, digits);
      onSignedIn();
    } catch (failure) {
      setError(errorText(failure, 'code', t));
      setBusy(false);
    }
  };

  const resend = async () => {
    setResent(false);
    setError(null);
    try {
      await requestCode(phone);
      setResent(true);
      setWait(RESEND_AFTER_SECONDS);
    } catch (failure) {
      setError(errorText(failure, 'phone', t));
      if (failure instanceof ApiError && failure.retryAfterSeconds) setWait(failure.retryAfterSeconds);
    }
  };

  return (
    <form className="sign-in__form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="page__lead">{t('signIn.codeSent', { phone: formatPhone(phone) })}</p>
      <TextField
        label={t('signIn.codeLabel')}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_DIGITS + 2}
        value={code}
        error={error}
        onChange={(event) => setCode(event.target.value)}
      />
      {resent && <Alert tone="success">{t('signIn.resent')}</Alert>}
      <Button type="submit" disabled={busy}>
        {busy ? t('signIn.checking') : t('signIn.submit')}
      </Button>
      <div className="actions">
        <Button variant="quiet" disabled={wait > 0} onClick={() => void resend()}>
          {wait > 0 ? t('signIn.resendIn', { seconds: wait }) : t('signIn.resend')}
        </Button>
        <Button variant="quiet" onClick={onChangePhone}>
          {t('signIn.changePhone')}
        </Button>
      </div>
    </form>
  );
}
