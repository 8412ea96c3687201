import type { AppointmentStatus } from '@caredesk/shared';
import AddIcon from '@mui/icons-material/Add';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { useMenuTitle } from '@/components/menu-title';
import { PageContainer } from '@/components/page-container';
import { RecordGrid } from '@/components/records/record-grid';
import { useListParams } from '@/components/records/use-list-params';
import { errorMessage } from '@/lib/http';
import { appointmentsQueryOptions } from '../api/get-appointments';
import { AppointmentCard, appointmentColumns, appointmentSortFields } from '../components/appointment-columns';
import { AppointmentDrawer } from '../components/appointment-drawer';
import { isoDay } from '../components/appointment-format';
import { AppointmentFilters } from '../components/appointment-filters';
import { CalendarView } from '../components/calendar/calendar-view';
import { parseView, ViewSwitch } from '../components/calendar/view-switch';
import { NewAppointmentDialog } from '../components/new-appointment-dialog';

const SORT_KEYS = ['date', 'token', 'createdAt'] as const;
const FILTER_KEYS = ['from', 'to', 'doctorId', 'status'] as const;

/** /appointments and /profile: the day's (or range's) appointments, booking, and the status actions. */
export default function AppointmentsPage() {
  const title = useMenuTitle('appointments', 'Appointments');
  const list = useListParams({ sortKeys: SORT_KEYS, filterKeys: FILTER_KEYS });
  const [params, setParams] = useSearchParams();
  const today = isoDay();
  const from = list.filters.from || today;
  const to = list.filters.to || from;
  const view = parseView(params.get('view'));
  const appointments = useQuery({ ...appointmentsQueryOptions({ ...list.query, from, to }), enabled: view === 'list' });
  const statuses = list.filters.status ? (list.filters.status.split(',') as AppointmentStatus[]) : [];

  const setParam = (changes: Record<string, string | null>) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  const withParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    return `?${next.toString()}`;
  };

  const rows = appointments.data?.data ?? [];
  const total = appointments.data?.total ?? 0;
  const newButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setParam({ new: '1' })}>
      New appointment
    </Button>
  );

  let body;
  if (view !== 'list') {
    body = (
      <CalendarView
        mode={view}
        date={from}
        doctorId={list.filters.doctorId}
        onRange={(range) => setParam({ from: range.from, to: range.to === range.from ? null : range.to, page: null })}
        onDoctor={(doctorId) => list.setFilter('doctorId', doctorId)}
        onOpen={(id) => setParam({ open: id })}
      />
    );
  } else if (appointments.error) body = <Alert severity="error">{errorMessage(appointments.error)}</Alert>;
  else if (!appointments.isPending && total === 0) {
    const filtered = Boolean(list.search || list.filters.doctorId || list.filters.status);
    body = (
      <Card variant="outlined">
        <EmptyState
          icon={<EventNoteOutlined />}
          title="No appointments"
          description={filtered ? 'Nothing matches this search and these filters.' : 'Nothing is booked for these dates.'}
          action={
            filtered ? (
              <Button onClick={() => setParam({ search: null, doctorId: null, status: null, page: null })} variant="outlined" sx={{ mt: 2 }}>
                Clear filters
              </Button>
            ) : (
              <Button onClick={() => setParam({ new: '1' })} variant="contained" startIcon={<AddIcon />} sx={{ mt: 2 }}>
                Book an appointment
              </Button>
            )
          }
        />
      </Card>
    );
  } else {
    body = (
      <RecordGrid
        label={title}
        rows={rows}
        total={total}
        loading={appointments.isFetching}
        columns={appointmentColumns(from !== to)}
        sortFields={appointmentSortFields}
        page={list.page}
        pageSize={list.pageSize}
        sort={list.sort}
        order={list.order}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        onSortChange={list.setSort}
        rowHref={(row) => withParam('open', row.id)}
        renderCard={(row) => <AppointmentCard appointment={row} />}
      />
    );
  }

  return (
    <PageContainer
      title={title}
      actions={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <ViewSwitch value={view} onChange={(next) => setParam({ view: next === 'list' ? null : next, page: null })} />
          {newButton}
        </Box>
      }
    >
      {/* The calendar has its own dates and doctor; search and status narrow the list only. */}
      {view === 'list' ? (
        <AppointmentFilters
          range={{ from, to }}
          onRange={(range) => setParam({ from: range.from, to: range.to, page: null })}
          doctorId={list.filters.doctorId}
          onDoctor={(doctorId) => list.setFilter('doctorId', doctorId)}
          statuses={statuses}
          onStatuses={(next) => list.setFilter('status', next.join(','))}
          search={list.search}
          onSearch={list.setSearch}
        />
      ) : null}
      {body}
      <AppointmentDrawer id={params.get('open')} onClose={() => setParam({ open: null })} />
      <NewAppointmentDialog
        open={params.get('new') === '1'}
        patientId={params.get('patientId')}
        onClose={() => setParam({ new: null, patientId: null })}
      />
    </PageContainer>
  );
}
