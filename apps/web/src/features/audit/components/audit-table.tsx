import type { AuditEvent } from '@caredesk/shared';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import type { RecordColumn } from '@/components/records/record-column';
import { gridPaging, RecordGrid } from '@/components/records/record-grid';
import { fDateTime } from '@/lib/format';
import { useT } from '../i18n';
import { actionText, detailsText } from './audit-labels';
import type { AuditParams } from './use-audit-params';

interface AuditTableProps {
  events: readonly AuditEvent[];
  total: number;
  loading: boolean;
  list: Pick<AuditParams, 'page' | 'pageSize' | 'sort' | 'order' | 'setPage' | 'setPageSize' | 'setSort'>;
}

const orNone = (value: string | null) => value ?? '-';

type Translate = ReturnType<typeof useT>;

const auditColumns = (t: Translate): RecordColumn<AuditEvent>[] => [
  { field: 'createdAt', headerName: t('audit.col.when'), width: 180, render: (row) => fDateTime(row.createdAt) },
  { field: 'staffName', headerName: t('audit.col.who'), flex: 1, minWidth: 140, render: (row) => orNone(row.staffName) },
  { field: 'action', headerName: t('audit.col.action'), width: 100, render: (row) => actionText(row.action) },
  { field: 'entity', headerName: t('audit.col.entity'), width: 130 },
  { field: 'entityId', headerName: t('audit.col.recordId'), flex: 1, minWidth: 150, render: (row) => orNone(row.entityId) },
  { field: 'route', headerName: t('audit.col.route'), flex: 1.4, minWidth: 200 },
  { field: 'details', headerName: t('audit.col.details'), flex: 1.4, minWidth: 200, render: (row) => detailsText(row.details) },
  { field: 'ip', headerName: t('audit.col.from'), width: 140, render: (row) => orNone(row.ip) },
];

function EventCard({ event }: { event: AuditEvent }) {
  return (
    <>
      <Typography variant="subtitle2" component="p">
        {actionText(event.action)} · {event.entity}
      </Typography>
      <Typography variant="body2">{orNone(event.staffName)}</Typography>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
        {fDateTime(event.createdAt)} · {orNone(event.ip)}
      </Typography>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {event.route}
        {event.entityId ? ` · ${event.entityId}` : ''}
      </Typography>
      {event.details ? (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {detailsText(event.details)}
        </Typography>
      ) : null}
    </>
  );
}

/** Entries newest first: a server-paged grid, and a card list on phones (below md); entries open nothing. */
export function AuditTable({ events, total, loading, list }: AuditTableProps) {
  const t = useT();
  // Built per language: the headers follow a change of language.
  const columns = useMemo(() => auditColumns(t), [t]);
  return (
    <RecordGrid<AuditEvent, 'createdAt'>
      label={t('audit.entries')}
      rows={events}
      total={total}
      loading={loading}
      columns={columns}
      sortFields={{ createdAt: 'createdAt' }}
      {...gridPaging(list)}
      renderCard={(event) => <EventCard event={event} />}
    />
  );
}
