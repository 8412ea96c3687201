import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useT } from '@/i18n/use-t';
import { requestCode } from '../api/request-code';
import { errorText } from '@/lib/error-text';
import { isIndianMobile, nationalDigits, toE164 } from '../phone';

/** Step 1: the mobile number the code is texted to. */
export function PhoneStep({ onSent }: { onSent: (phone: string) => void }) {
  const t = useT();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const digits = nationalDigits(value);
    if (!isIndianMobile(digits)) {
      setError(t('signIn.phoneInvalid'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await requestCode(toE164(digits));
      onSent(toE164(digits));
    } catch (failure) {
      setError(errorText(failure, 'phone', t));
      setBusy(false);
    }
  };

  return (
    <form className="sign-in__form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('signIn.phoneLabel')}
        hint={t('signIn.phoneHint')}
        prefix="+91"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={16}
        value={value}
        error={error}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" disabled={busy}>
        {busy ? t('signIn.sending') : t('signIn.sendCode')}
      </Button>
    </form>
  );
}
