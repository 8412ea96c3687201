import Chip from '@mui/material/Chip';
import { useT } from './i18n';

/** 'Active' (green) or 'Inactive' (grey) for a record's active flag. */
export function ActiveChip({ active }: { active: boolean }) {
  const t = useT();
  return <Chip size="small" label={active ? t('records.active') : t('records.inactive')} color={active ? 'success' : 'default'} variant={active ? 'filled' : 'outlined'} />;
}
