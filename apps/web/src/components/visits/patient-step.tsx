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
import { useId, useState, type KeyboardEvent } from 'react';
import { fPhone } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useFindPatients } from './api/find-patients';
import { QuickAddPatient } from './quick-add-patient';
import { t, useT } from './i18n';

export function patientLine(patient: PatientSummary): string {
  return [fPhone(patient.phone), patient.age === null ? null : t('visits.age', { age: patient.age }), t(`visits.genderShort.${patient.gender}`)].filter(Boolean).join(' · ');
}

interface PatientStepProps {
  patient: PatientSummary | null;
  onPick: (patient: PatientSummary | null) => void;
}

/** Step 1: find the patient by name or phone, or add them in a few fields. */
export function PatientStep({ patient, onPick }: PatientStepProps) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  // The result Enter picks: the first one until the arrows move it (the search box keeps focus).
  const [active, setActive] = useState(0);
  const listId = useId();
  const debounced = useDebouncedValue(search.trim(), 300);
  const found = useFindPatients(debounced);

  if (patient) {
    return (
      <Card variant="outlined" sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 2 }} aria-label={t('visits.patient.chosen')}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{patient.name}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {patientLine(patient)}
          </Typography>
        </Box>
        <Button onClick={() => onPick(null)}>{t('visits.patient.change')}</Button>
      </Card>
    );
  }
  if (adding) return <QuickAddPatient onCreated={(created) => onPick(patientSummaryOf(created))} onUseExisting={onPick} onCancel={() => setAdding(false)} />;

  const matches = debounced ? (found.data ?? []) : [];
  const highlighted = matches.length > 0 ? Math.min(active, matches.length - 1) : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;
  const onKeyDown = (event: KeyboardEvent) => {
    if (matches.length === 0) return;
    const moves: Record<string, number> = { ArrowDown: highlighted + 1, ArrowUp: highlighted - 1, Home: 0, End: matches.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      const next = Math.max(0, Math.min(matches.length - 1, moves[event.key]!));
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onPick(matches[highlighted]!);
    }
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label={t('visits.patient.find')}
          placeholder={t('visits.patient.findPlaceholder')}
          size="small"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          sx={{ flex: '1 1 220px' }}
          autoFocus
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-autocomplete': 'list',
              'aria-expanded': matches.length > 0,
              'aria-controls': matches.length > 0 ? listId : undefined,
              'aria-activedescendant': highlighted >= 0 ? optionId(highlighted) : undefined,
            },
          }}
        />
        <Button startIcon={<PersonAddOutlined />} onClick={() => setAdding(true)} sx={{ mt: 0.5 }}>
          {t('visits.patient.quickAdd')}
        </Button>
      </Box>
      {debounced && found.data && matches.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('visits.patient.noMatch')}
        </Typography>
      ) : null}
      {matches.length > 0 ? (
        <List dense id={listId} role="listbox" aria-label={t('visits.patient.matches')} sx={{ maxHeight: 260, overflowY: 'auto' }}>
          {matches.map((match, index) => (
            <ListItemButton
              key={match.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === highlighted}
              selected={index === highlighted}
              tabIndex={-1}
              onClick={() => onPick(match)}
            >
              <ListItemText primary={t('visits.patient.line', { name: match.name, uhid: match.uhid })} secondary={patientLine(match)} />
            </ListItemButton>
          ))}
        </List>
      ) : null}
    </Box>
  );
}
