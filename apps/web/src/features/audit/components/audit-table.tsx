import type { AuditEvent } from '@caredesk/shared';
import Typography from '@mui/material/Typography';
import type { RecordColumn } from '@/components/records/record-column';
import { gridPaging, RecordGrid } from '@/components/records/record-grid';
import { fDateTime } from '@/lib/format';
import { actionText, detailsText } from './audit-labels';
import type { AuditParams } from './use-audit-params';

interface AuditTableProps {
  events: readonly AuditEvent[];
  total: number;
  loading: boolean;
  list: Pick<AuditParams, 'page' | 'pageSize' | 'sort' | 'order' | 'setPage' | 'setPageSize' | 'setSort'>;
}

const orNone = (value: string | null) => value ?? '-';

const columns: RecordColumn<AuditEvent>[] = [
  { field: 'createdAt', headerName: 'When', width: 180, render: (row) => fDateTime(row.createdAt) },
  { field: 'staffName', headerName: 'Who', flex: 1, minWidth: 140, render: (row) => orNone(row.staffName) },
  { field: 'action', headerName: 'Action', width: 100, render: (row) => actionText(row.action) },
  { field: 'entity', headerName: 'Entity', width: 130 },
  { field: 'entityId', headerName: 'Record id', flex: 1, minWidth: 150, render: (row) => orNone(row.entityId) },
  { field: 'route', headerName: 'Route', flex: 1.4, minWidth: 200 },
  { field: 'details', headerName: 'Details', flex: 1.4, minWidth: 200, render: (row) => detailsText(row.details) },
  { field: 'ip', headerName: 'From', width: 140, render: (row) => orNone(row.ip) },
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
  return (
    <RecordGrid<AuditEvent, 'createdAt'>
      label="Audit log entries"
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
