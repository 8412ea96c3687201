import { genderLabels, type PatientSummary } from '@caredesk/shared';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { fPhone } from '@/lib/format';

const details = (patient: PatientSummary) => [fPhone(patient.phone), patient.age === null ? null : `${patient.age} y`, genderLabels[patient.gender]].filter(Boolean).join(' · ');

interface PhoneInUseProps {
  patients: PatientSummary[];
  /** Absent: the list only informs. */
  onUse?: ((patient: PatientSummary) => void) | undefined;
  onAddAnyway: () => void;
  pending: boolean;
}

/** Patients who already have the number being added, before a possible duplicate is made. */
export function PhoneInUse({ patients, onUse, onAddAnyway, pending }: PhoneInUseProps) {
  const one = patients.length === 1;
  return (
    <Alert severity="warning" role="status" aria-label="Phone number already registered">
      <AlertTitle>{one ? 'A patient already has this number' : `${patients.length} patients already have this number`}</AlertTitle>
      <List dense disablePadding aria-label="Patients with this number">
        {patients.map((patient) => (
          <ListItem
            key={patient.id}
            disableGutters
            secondaryAction={
              onUse ? (
                <Button size="small" onClick={() => onUse(patient)} aria-label={`Use ${patient.name} (${patient.uhid})`}>
                  Use this patient
                </Button>
              ) : undefined
            }
          >
            <ListItemText primary={`${patient.name} · ${patient.uhid}`} secondary={details(patient)} />
          </ListItem>
        ))}
      </List>
      <Box sx={{ mt: 1 }}>
        <Button size="small" variant="outlined" color="warning" onClick={onAddAnyway} disabled={pending}>
          Add anyway
        </Button>
      </Box>
    </Alert>
  );
}
