import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePhoneMatches } from '../api/get-phone-matches';
import { normalisedPhone } from './patient-form-values';

const LOOKUP_DELAY_MS = 400;

/**
 * Warns, never blocks, when another patient already has this number (families often share
 * one phone). Looks up only a complete number, once typing pauses.
 */
export function PhoneMatchWarning({ phone, excludeId }: { phone: string; excludeId?: string }) {
  const settled = useDebouncedValue(normalisedPhone(phone), LOOKUP_DELAY_MS);
  const current = normalisedPhone(phone) === settled;
  const matches = usePhoneMatches(settled, excludeId);
  const others = current ? (matches.data ?? []) : [];
  if (others.length === 0) return null;
  return (
    <Alert severity="warning" role="status" sx={{ mt: 1, py: 0 }}>
      This number is also used by{' '}
      {others.map((other, index) => (
        <Fragment key={other.id}>
          {index > 0 ? (index === others.length - 1 ? ' and ' : ', ') : null}
          <Link component={RouterLink} to={paths.record(paths.patients, other.id)} target="_blank" rel="noopener">
            {other.name}
          </Link>
        </Fragment>
      ))}
      .
    </Alert>
  );
}
