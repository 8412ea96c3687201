import { patientSummaryOf, type PatientSummary } from '@caredesk/shared';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { fPhone } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useFindPatients } from './api/find-patients';
import { QuickAddPatient } from './quick-add-patient';

const genderShort = { MALE: 'M', FEMALE: 'F', OTHER: 'O' } as const;

export function patientLine(patient: PatientSummary): string {
  return [fPhone(patient.phone), patient.age === null ? null : `${patient.age} y`, genderShort[patient.gender]].filter(Boolean).join(' · ');
}

interface PatientStepProps {
  patient: PatientSummary | null;
  onPick: (patient: PatientSummary | null) => void;
}

/** Step 1: find the patient by name or phone, or add them in a few fields. */
export function PatientStep({ patient, onPick }: PatientStepProps) {
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const debounced = useDebouncedValue(search.trim(), 300);
  const found = useFindPatients(debounced);

  if (patient) {
    return (
      <Card variant="outlined" sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 2 }} aria-label="Chosen patient">
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{patient.name}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {patientLine(patient)}
          </Typography>
        </Box>
        <Button onClick={() => onPick(null)}>Change</Button>
      </Card>
    );
  }
  if (adding) return <QuickAddPatient onCreated={(created) => onPick(patientSummaryOf(created))} onCancel={() => setAdding(false)} />;

  const matches = debounced ? (found.data ?? []) : [];
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label="Find patient"
          placeholder="Name or phone number"
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ flex: '1 1 220px' }}
          autoFocus
        />
        <Button startIcon={<PersonAddOutlined />} onClick={() => setAdding(true)} sx={{ mt: 0.5 }}>
          Quick add
        </Button>
      </Box>
      {debounced && found.data && matches.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          No patient matches. Use Quick add to register them.
        </Typography>
      ) : null}
      {matches.length > 0 ? (
        <List dense aria-label="Matching patients" sx={{ maxHeight: 260, overflowY: 'auto' }}>
          {matches.map((match) => (
            <ListItemButton key={match.id} onClick={() => onPick(match)}>
              <ListItemText primary={match.name} secondary={patientLine(match)} />
            </ListItemButton>
          ))}
        </List>
      ) : null}
    </Box>
  );
}
