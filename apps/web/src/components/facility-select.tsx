import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useT } from './i18n';
import { FilterSelect } from './records/filter-select';
import { useFacilities, useManagesFacilities } from './use-facilities';

interface FacilitySelectProps {
  /** The facility id, or '' / null for none. */
  value: string | null | undefined;
  onChange: (facilityId: string | null) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: string;
}

/**
 * The 'Facility' select of a record form. Renders nothing for organisation types that do not
 * manage facilities: their single facility is never shown.
 */
export function FacilitySelect({ value, onChange, onBlur, error, helperText }: FacilitySelectProps) {
  const t = useT();
  const manages = useManagesFacilities();
  const facilities = useFacilities();
  if (!manages) return null;
  const options = facilities.data ?? [];
  const current = value && options.some((facility) => facility.id === value) ? value : '';
  return (
    <TextField
      select
      fullWidth
      label={t('components.facility.label')}
      value={current}
      onChange={(event) => onChange(event.target.value || null)}
      onBlur={onBlur}
      error={error || facilities.isError}
      helperText={facilities.isError ? t('components.facility.loadFailed') : helperText}
    >
      <MenuItem value="">
        <em>{t('components.facility.none')}</em>
      </MenuItem>
      {options.map((facility) => (
        <MenuItem key={facility.id} value={facility.id}>
          {facility.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface FacilityFilterProps {
  value: string;
  onChange: (facilityId: string) => void;
}

/** A list toolbar's 'Facility' filter; nothing for organisation types without facilities. */
export function FacilityFilter({ value, onChange }: FacilityFilterProps) {
  const t = useT();
  const manages = useManagesFacilities();
  const facilities = useFacilities();
  if (!manages) return null;
  const options = (facilities.data ?? []).map((facility) => ({ value: facility.id, label: facility.name }));
  return <FilterSelect label={t('components.facility.label')} value={value} options={options} onChange={onChange} />;
}
