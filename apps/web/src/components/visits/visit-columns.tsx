import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { RecordColumn } from '@/components/records/record-column';
import { fPhone } from '@/lib/format';
import { awaitingConfirmationOf } from './awaiting-confirmation-chip';
import { extraOf } from './extra-chip';
import { StatusChip } from './status-chip';
import { fTimeOfDay, fVisitDate } from './visit-format';
import type { VisitStatus } from './visit-status';
import { t } from './i18n';

/** What every visit row (appointment or booking) has. */
export interface VisitRow {
  id: string;
  tokenLabel: string;
  date: string;
  startTime: string;
  patientName: string;
  patientPhone: string;
  status: VisitStatus;
  /** Booked in the patient app, and not confirmed by the desk yet. */
  awaitingConfirmation?: boolean;
  /** Booked beyond its slot's capacity, in the day's allowance of extras. */
  overbooked?: boolean;
}

/** A cell of a main line and a grey second line. */
export function TwoLines({ first, second }: { first: string; second: string | null }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0, lineHeight: 1.3 }}>
      <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
        {first}
      </Typography>
      <Typography variant="caption" noWrap sx={{ color: 'text.secondary' }}>
        {second}
      </Typography>
    </Box>
  );
}

/** Grid column field -> API sort key (the visit lists sort by date, token or creation). */
export const visitSortFields = { tokenNumber: 'token', startTime: 'date', createdAt: 'createdAt' } as const;

interface VisitColumnsOptions<Row extends VisitRow> {
  /** The list spans more than one day: the time column shows the date too. */
  showDate: boolean;
  /** Whom or what the visit is with: the doctor, the scan or test. */
  owner: RecordColumn<Row>;
  renderActions: (row: Row) => ReactNode;
}

/** Token, time, patient, the owner, status and actions. */
export function visitColumns<Row extends VisitRow>({ showDate, owner, renderActions }: VisitColumnsOptions<Row>): RecordColumn<Row>[] {
  return [
    {
      field: 'tokenNumber',
      headerName: t('visits.column.token'),
      width: 90,
      render: (row) => <Typography sx={{ fontWeight: 700, lineHeight: '60px' }}>{row.tokenLabel}</Typography>,
    },
    {
      field: 'startTime',
      headerName: showDate ? t('visits.column.dateTime') : t('visits.column.time'),
      width: showDate ? 130 : 100,
      render: (row) => (showDate ? <TwoLines first={fTimeOfDay(row.startTime)} second={fVisitDate(row.date)} /> : fTimeOfDay(row.startTime)),
    },
    {
      field: 'patientName',
      headerName: t('visits.column.patient'),
      flex: 1,
      minWidth: 170,
      render: (row) => <TwoLines first={row.patientName} second={fPhone(row.patientPhone)} />,
    },
    owner,
    {
      field: 'status',
      headerName: t('visits.column.status'),
      width: 170,
      render: (row) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: 'flex-start', gap: 0.5, height: '100%' }}>
          <StatusChip status={row.status} />
          {awaitingConfirmationOf(row)}
          {extraOf(row)}
        </Box>
      ),
    },
    {
      field: 'actions',
      headerName: t('visits.column.actions'),
      width: 150,
      render: (row) => <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>{renderActions(row)}</Box>,
    },
  ];
}

/** A visit row as a card on phones: token and time, patient, `detail` (doctor or service), date, status. */
export function VisitCard({ visit, detail }: { visit: VisitRow; detail: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box sx={{ textAlign: 'center', minWidth: 56 }}>
        <Typography sx={{ fontWeight: 800, fontSize: 20 }}>{visit.tokenLabel}</Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {fTimeOfDay(visit.startTime)}
        </Typography>
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{visit.patientName}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {fPhone(visit.patientPhone)}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {fVisitDate(visit.date)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
        <StatusChip status={visit.status} />
        {awaitingConfirmationOf(visit)}
        {extraOf(visit)}
      </Box>
    </Box>
  );
}
