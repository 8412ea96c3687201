import type { Appointment } from '@caredesk/shared';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { fPhone } from '@/lib/format';
import { useSessionUser } from '@/lib/session';
import { fFee, fTimeOfDay, fVisitDate } from './appointment-format';

/** Printing shows only the slip: everything else on the page (and the dialog's buttons) is hidden. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body *': { visibility: 'hidden' },
        '.appointment-slip, .appointment-slip *': { visibility: 'visible' },
        '.appointment-slip': { position: 'fixed', left: 0, top: 0, width: '100%', maxWidth: '90mm', padding: '8px' },
      },
    }}
  />
);

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right', overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The appointment slip: the token large, then patient, doctor, date, time and fee. */
export function AppointmentSlip({ appointment }: { appointment: Appointment }) {
  const organisation = useSessionUser()?.admin.name;
  return (
    <Box className="appointment-slip" aria-label="Appointment slip" role="region">
      {printStyles}
      <Box sx={{ textAlign: 'center', mb: 2 }}>
        {organisation ? <Typography sx={{ fontWeight: 700 }}>{organisation}</Typography> : null}
        <Typography variant="overline" sx={{ color: 'text.secondary' }}>
          Token
        </Typography>
        <Typography data-testid="slip-token" sx={{ fontSize: 56, fontWeight: 800, lineHeight: 1 }}>
          {appointment.tokenLabel}
        </Typography>
      </Box>
      <Row label="Patient" value={`${appointment.patientName} · ${fPhone(appointment.patientPhone)}`} />
      <Row label="Doctor" value={`${appointment.doctorName} (${appointment.specialization})`} />
      <Row label="Date" value={fVisitDate(appointment.date)} />
      <Row label="Time" value={`${fTimeOfDay(appointment.startTime)} – ${fTimeOfDay(appointment.endTime)}`} />
      <Row label="Fee" value={fFee(appointment.feePaise)} />
      {appointment.reason ? <Row label="Reason" value={appointment.reason} /> : null}
    </Box>
  );
}
