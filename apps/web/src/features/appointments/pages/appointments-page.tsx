import type { AppointmentStatus } from '@caredesk/shared';
import AddIcon from '@mui/icons-material/Add';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '@/components/opened-once';
import { PageContainer } from '@/components/page-container';
import { useShortcut } from '@/components/shortcuts';
import { DayBookLink } from '@/components/billing/day-book-link';
import { QueueLink } from '@/components/token-queue/queue-link';
import { WaitlistControl } from '@/components/waitlist/waitlist-control';
import { ExportCsvButton } from '@/components/records/export-csv-button';
import { gridPaging, RecordGrid } from '@/components/records/record-grid';
import { useVisitList } from '@/components/visits/use-visit-list';
import { useVisitSelection } from '@/components/visits/use-visit-selection';
import { VisitBulkBar } from '@/components/visits/visit-bulk-bar';
import { VisitListEmpty } from '@/components/visits/visit-list-empty';
import { errorMessage } from '@/lib/http';
import { useBulkCancelAppointments } from '../api/bulk-cancel-appointments';
import { useBulkRescheduleAppointments } from '../api/bulk-reschedule-appointments';
import { exportAppointments } from '../api/export-appointments';
import { appointmentsQueryOptions } from '../api/get-appointments';
import { AppointmentCard, appointmentColumns, appointmentSortFields } from '../components/appointment-columns';
import { useDoctorOwners } from '../components/doctor-owners';
import { AppointmentFilters } from '../components/appointment-filters';
import { parseView, ViewSwitch } from '../components/calendar/view-switch';
import { useT } from '../i18n';
import { showsStaleRows } from '@/components/records/shows-stale-rows';

// What only a dialog, the drawer or the calendar needs (the booking form with its schemas and
// react-hook-form, the slot picker, the calendar grids) is loaded when first opened, not at the
// list's first paint; hovering or focusing the button that opens the dialog starts the download.
const importNewDialog = () => import('../components/new-appointment-dialog');
const NewAppointmentDialog = lazy(() => importNewDialog().then((module) => ({ default: module.NewAppointmentDialog })));
const AppointmentDrawer = lazy(() => import('../components/appointment-drawer').then((module) => ({ default: module.AppointmentDrawer })));
const CalendarView = lazy(() => import('../components/calendar/calendar-view').then((module) => ({ default: module.CalendarView })));
const preloadNewDialog = () => void importNewDialog();

const FILTER_KEYS = ['doctorId', 'awaitingConfirmation'] as const;

/** /appointments and /profile: the day's (or range's) appointments, booking, and the status actions. */
export default function AppointmentsPage() {
  const t = useT();
  // Every menu calls this area 'Appointments' (shared navigation): the catalogue gives its words.
  const title = t('appointments.title');
  const { list, params, from, to, statuses, setParam, withParam, query, exportQuery } = useVisitList<(typeof FILTER_KEYS)[number], AppointmentStatus>(FILTER_KEYS);
  const view = parseView(params.get('view'));
  const appointments = useQuery({ ...appointmentsQueryOptions(query), enabled: view === 'list' });

  const rows = appointments.data?.data ?? [];
  const total = appointments.data?.total ?? 0;
  // The list's bulk actions: tick visits, then cancel or reschedule them, or message their patients.
  const { selection, selectedRows, clear } = useVisitSelection(rows, query);
  const bulkCancel = useBulkCancelAppointments();
  const bulkReschedule = useBulkRescheduleAppointments();
  const doctorOwners = useDoctorOwners();
  useShortcut('n', t('appointments.new'), () => setParam({ new: '1' }));
  const openId = params.get('open');
  const newOpen = params.get('new') === '1';
  const drawerMounted = useOpenedOnce(openId !== null);
  const dialogMounted = useOpenedOnce(newOpen);
  const newButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setParam({ new: '1' })} onPointerEnter={preloadNewDialog} onFocus={preloadNewDialog}>
      {t('appointments.new')}
    </Button>
  );

  let body;
  if (view !== 'list') {
    body = (
      <Suspense fallback={<Skeleton variant="rounded" height={480} />}>
        <CalendarView
          mode={view}
          date={from}
          doctorId={list.filters.doctorId}
          onRange={(range) => setParam({ from: range.from, to: range.to === range.from ? null : range.to, page: null })}
          onDoctor={(doctorId) => list.setFilter('doctorId', doctorId)}
          onOpen={(id) => setParam({ open: id })}
        />
      </Suspense>
    );
  } else if (appointments.error) body = <Alert severity="error">{errorMessage(appointments.error)}</Alert>;
  else if (!appointments.isPending && total === 0) {
    body = (
      <VisitListEmpty
        icon={<EventNoteOutlined />}
        title={t('appointments.empty')}
        filtered={Boolean(list.search || list.filters.doctorId || list.filters.status || list.filters.awaitingConfirmation)}
        onClear={() => setParam({ search: null, doctorId: null, status: null, awaitingConfirmation: null, page: null })}
        newLabel={t('appointments.book')}
        onNew={() => setParam({ new: '1' })}
      />
    );
  } else {
    body = (
      <RecordGrid
        label={title}
        rows={rows}
        total={total}
        loading={showsStaleRows(appointments)}
        columns={appointmentColumns(from !== to)}
        sortFields={appointmentSortFields}
        {...gridPaging(list)}
        rowHref={(row) => withParam('open', row.id)}
        renderCard={(row) => <AppointmentCard appointment={row} />}
        selection={selection}
      />
    );
  }

  return (
    <PageContainer
      title={title}
      actions={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <ViewSwitch value={view} onChange={(next) => setParam({ view: next === 'list' ? null : next, page: null })} />
          <QueueLink kind="doctors" ownerId={list.filters.doctorId || undefined} />
          {/* One doctor's day (the list or the calendar's day): its waitlist. */}
          <WaitlistControl
            day={list.filters.doctorId && from === to ? { kind: 'appointments', ownerId: list.filters.doctorId, date: from } : null}
            onOpenVisit={(id) => setParam({ waitlist: null, open: id })}
          />
          <DayBookLink />
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
          awaitingConfirmation={list.filters.awaitingConfirmation === 'true'}
          onAwaitingConfirmation={(on) => list.setFilter('awaitingConfirmation', on ? 'true' : '')}
          search={list.search}
          onSearch={list.setSearch}
          actions={<ExportCsvButton onExport={() => exportAppointments(exportQuery)} />}
        />
      ) : null}
      {view === 'list' && selectedRows.length > 0 ? (
        <VisitBulkBar
          noun="appointment"
          selected={selectedRows}
          cancel={bulkCancel.mutateAsync}
          reschedule={(ids, date, doctorId) => bulkReschedule.mutateAsync({ ids, date, doctorId })}
          owners={doctorOwners}
          onClear={clear}
        />
      ) : null}
      {body}
      <Suspense fallback={null}>
        {drawerMounted ? <AppointmentDrawer id={openId} onClose={() => setParam({ open: null })} /> : null}
        {dialogMounted ? <NewAppointmentDialog open={newOpen} patientId={params.get('patientId')} onClose={() => setParam({ new: null, patientId: null })} /> : null}
      </Suspense>
    </PageContainer>
  );
}
