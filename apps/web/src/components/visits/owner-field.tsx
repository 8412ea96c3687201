import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAutocompleteTexts } from '@/components/records/autocomplete-texts';

/** A doctor or a scan/test; facilityName tells branches apart in a multi-facility organisation. */
export type VisitOwner = { id: string; facilityName?: string | null };

/** Whom or what the visit is with: the doctors, or the scans and tests. */
export interface VisitOwners<Owner extends VisitOwner> {
  /** 'Doctor', 'Scan or test'. */
  label: string;
  /** The step's title: 'Doctor and date'. */
  step: string;
  options: readonly Owner[];
  loading: boolean;
  name: (owner: Owner) => string;
  /** The option's second line: speciality and fee, kind and price. */
  detail: (owner: Owner) => string;
}

interface OwnerFieldProps<Owner extends VisitOwner> {
  owners: VisitOwners<Owner>;
  value: Owner | null;
  onChange: (owner: Owner | null) => void;
  error?: string;
}

/** The doctor or the scan/test to book with, each option with its detail line. */
export function OwnerField<Owner extends VisitOwner>({ owners, value, onChange, error }: OwnerFieldProps<Owner>) {
  // Several branches in the picker: each option names its own.
  const texts = useAutocompleteTexts();
  const facilityCount = new Set(owners.options.map((option) => option.facilityName ?? null)).size;
  const optionDetail = (option: Owner) => [owners.detail(option), facilityCount > 1 ? option.facilityName : null].filter(Boolean).join(' · ');
  return (
    <Autocomplete
      {...texts}
      options={owners.options}
      loading={owners.loading}
      value={value}
      onChange={(_, next) => onChange(next)}
      getOptionLabel={owners.name}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      renderOption={({ key, ...optionProps }, option) => (
        <li key={key} {...optionProps}>
          <Box>
            <Typography variant="body2">{owners.name(option)}</Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {optionDetail(option)}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={owners.label} size="small" error={Boolean(error)} helperText={error} />}
    />
  );
}
