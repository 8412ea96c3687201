import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { useSessionUser } from '@/lib/session';
import { useT } from './i18n';

/** Printing shows only the slip: everything else on the page (and the dialog's buttons) is hidden. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body *': { visibility: 'hidden' },
        '.visit-slip, .visit-slip *': { visibility: 'visible' },
        '.visit-slip': { position: 'fixed', left: 0, top: 0, width: '100%', maxWidth: '90mm', padding: '8px' },
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

export interface SlipRow {
  label: string;
  /** null or '' leaves the row out. */
  value: string | null;
}

interface VisitSlipProps {
  /** The region's name: 'Appointment slip', 'Booking slip'. */
  label: string;
  tokenLabel: string;
  rows: SlipRow[];
}

/** A visit's slip: the organisation, the token large, then one row per detail. */
export function VisitSlip({ label, tokenLabel, rows }: VisitSlipProps) {
  const t = useT();
  const organisation = useSessionUser()?.admin.name;
  return (
    <Box className="visit-slip" aria-label={label} role="region">
      {printStyles}
      <Box sx={{ textAlign: 'center', mb: 2 }}>
        {organisation ? <Typography sx={{ fontWeight: 700 }}>{organisation}</Typography> : null}
        <Typography variant="overline" sx={{ color: 'text.secondary' }}>
          {t('visits.slip.token')}
        </Typography>
        <Typography data-testid="slip-token" sx={{ fontSize: 56, fontWeight: 800, lineHeight: 1 }}>
          {tokenLabel}
        </Typography>
      </Box>
      {rows.map((row) => (row.value ? <Row key={row.label} label={row.label} value={row.value} /> : null))}
    </Box>
  );
}
