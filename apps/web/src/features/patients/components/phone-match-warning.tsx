import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePhoneMatches } from '../api/get-phone-matches';
import { normalisedPhone } from './patient-form-values';
import { useT } from '../i18n';

const LOOKUP_DELAY_MS = 400;
/** Stands for the names in the translated sentence (no text contains it). */
const NAMES = '\u0000';

/**
 * Warns, never blocks, when another patient already has this number (families often share
 * one phone). Looks up only a complete number, once typing pauses.
 */
export function PhoneMatchWarning({ phone, excludeId }: { phone: string; excludeId?: string }) {
  const t = useT();
  const settled = useDebouncedValue(normalisedPhone(phone), LOOKUP_DELAY_MS);
  const current = normalisedPhone(phone) === settled;
  const matches = usePhoneMatches(settled, excludeId);
  const others = current ? (matches.data ?? []) : [];
  if (others.length === 0) return null;
  // The sentence around the linked names, split where they go.
  const [before = '', after = ''] = t('patients.phoneMatch.text', { names: NAMES }).split(NAMES);
  return (
    <Alert severity="warning" role="status" sx={{ mt: 1, py: 0 }}>
      {before}
      {others.map((other, index) => (
        <Fragment key={other.id}>
          {index > 0 ? (index === others.length - 1 ? t('patients.phoneMatch.lastSeparator') : t('patients.phoneMatch.separator')) : null}
          <Link component={RouterLink} to={paths.record(paths.patients, other.id)} target="_blank" rel="noopener">
            {other.name}
          </Link>
        </Fragment>
      ))}
      {after}
    </Alert>
  );
}
