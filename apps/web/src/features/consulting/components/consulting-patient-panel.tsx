import type { ConsultingPastVisit } from '@caredesk/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { fTimeOfDay, fVisitDate } from '@/components/visits/visit-format';
import { statusColors, statusLabels, type VisitStatus } from '@/components/visits/visit-status';
import { genderLabel } from '@/i18n/shared-labels';
import { errorMessage } from '@/lib/http';
import { useConsultingPatient } from '../api/consulting';
import { useT } from '../i18n';

function PastVisit({ visit }: { visit: ConsultingPastVisit }) {
  const t = useT();
  const status = visit.status as VisitStatus;
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="span">
          {fVisitDate(visit.date)} · {fTimeOfDay(visit.startTime)}
        </Typography>
        <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
          {visit.with}
        </Typography>
        <Chip size="small" variant="outlined" color={statusColors[status] ?? 'default'} label={statusLabels[status] ?? visit.status} />
      </Box>
      {visit.reason ? (
        <Typography variant="body2" color="text.secondary">
          {t('consulting.history.reason', { reason: visit.reason })}
        </Typography>
      ) : null}
      {visit.notes ? (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
          {t('consulting.history.notes', { notes: visit.notes })}
        </Typography>
      ) : null}
      {visit.report ? (
        <Link href={visit.report.url} target="_blank" rel="noopener" variant="body2">
          {t('consulting.history.openReport', { name: visit.report.name })}
        </Link>
      ) : null}
    </Box>
  );
}

/** The patient of one of today's visits: who they are, what the desk noted, and every other visit with its report. */
export function ConsultingPatientPanel({ visitId }: { visitId: string | undefined }) {
  const t = useT();
  const patient = useConsultingPatient(visitId);
  const title = patient.data?.patient.name ?? t('consulting.patient.none');
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {!visitId ? (
          <Typography variant="body2" color="text.secondary">
            {t('consulting.patient.pick')}
          </Typography>
        ) : patient.isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : patient.isError ? (
          <Alert severity="error">{errorMessage(patient.error)}</Alert>
        ) : (
          <>
            <Typography variant="body2">
              {[
                patient.data.patient.uhid,
                genderLabel(patient.data.patient.gender as Parameters<typeof genderLabel>[0]),
                patient.data.patient.age === null ? null : t('consulting.patient.age', { age: patient.data.patient.age }),
                patient.data.patient.bloodGroup,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            {patient.data.patient.notes ? (
              <Alert severity="info" icon={false}>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                  {t('consulting.patient.notes', { notes: patient.data.patient.notes })}
                </Typography>
              </Alert>
            ) : null}
            <Typography variant="subtitle1" component="h3">
              {t('consulting.history.title')}
            </Typography>
            {patient.data.history.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('consulting.history.none')}
              </Typography>
            ) : (
              <Box component="ul" aria-label={t('consulting.history.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {patient.data.history.map((visit) => (
                  <PastVisit key={visit.id} visit={visit} />
                ))}
              </Box>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
