import Chip from '@mui/material/Chip';

/** 'Active' (green) or 'Inactive' (grey) for a record's active flag. */
export function ActiveChip({ active }: { active: boolean }) {
  return <Chip size="small" label={active ? 'Active' : 'Inactive'} color={active ? 'success' : 'default'} variant={active ? 'filled' : 'outlined'} />;
}
