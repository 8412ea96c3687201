import type { BookingStatus } from '@caredesk/shared';
import AddIcon from '@mui/icons-material/Add';
import BookOnlineOutlined from '@mui/icons-material/BookOnlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { useBulkCancelBookings } from '../api/bulk-cancel-bookings';
import { useBulkRescheduleBookings } from '../api/bulk-reschedule-bookings';
import { exportBookings } from '../api/export-bookings';
import { useBookings } from '../api/get-bookings';
import { BookingCard, bookingColumns, bookingSortFields } from '../components/booking-columns';
import { useServiceOwners } from '../components/service-owners';
import { BookingFilters } from '../components/booking-filters';
import { useT } from '../i18n';
import { showsStaleRows } from '@/components/records/shows-stale-rows';

// The booking form (schemas, react-hook-form, slot picker) and the drawer load when first opened,
// not at the list's first paint; hovering or focusing 'New booking' starts the download.
const importNewDialog = () => import('../components/new-booking-dialog');
const NewBookingDialog = lazy(() => importNewDialog().then((module) => ({ default: module.NewBookingDialog })));
const BookingDrawer = lazy(() => import('../components/booking-drawer').then((module) => ({ default: module.BookingDrawer })));
const preloadNewDialog = () => void importNewDialog();

const FILTER_KEYS = ['serviceId', 'kind', 'awaitingConfirmation'] as const;

/** /bookings: the day's (or range's) scan and test bookings, booking one, the status actions and the report. */
export default function BookingsPage() {
  const t = useT();
  // Every menu calls this area 'Bookings' (shared navigation): the catalogue gives its words.
  const title = t('bookings.title');
  const { list, params, from, to, statuses, setParam, withParam, query, exportQuery } = useVisitList<(typeof FILTER_KEYS)[number], BookingStatus>(FILTER_KEYS);
  const bookings = useBookings(query);
  const rows = bookings.data?.data ?? [];
  const total = bookings.data?.total ?? 0;
  // The list's bulk actions: tick bookings, then cancel or reschedule them, or message their patients.
  const { selection, selectedRows, clear } = useVisitSelection(rows, query);
  const bulkCancel = useBulkCancelBookings();
  const bulkReschedule = useBulkRescheduleBookings();
  const serviceOwners = useServiceOwners();
  const openNew = () => setParam({ new: '1' });
  const openId = params.get('open');
  const newOpen = params.get('new') === '1';
  const drawerMounted = useOpenedOnce(openId !== null);
  const dialogMounted = useOpenedOnce(newOpen);
  useShortcut('n', t('bookings.new'), openNew);

  let body;
  if (bookings.error) body = <Alert severity="error">{errorMessage(bookings.error)}</Alert>;
  else if (!bookings.isPending && total === 0) {
    body = (
      <VisitListEmpty
        icon={<BookOnlineOutlined />}
        title={t('bookings.empty')}
        filtered={Boolean(list.search || list.filters.serviceId || list.filters.kind || list.filters.status || list.filters.awaitingConfirmation)}
        onClear={() => setParam({ search: null, serviceId: null, kind: null, status: null, awaitingConfirmation: null, page: null })}
        newLabel={t('bookings.book')}
        onNew={openNew}
      />
    );
  } else {
    body = (
      <RecordGrid
        label={title}
        rows={rows}
        total={total}
        loading={showsStaleRows(bookings)}
        columns={bookingColumns(from !== to)}
        sortFields={bookingSortFields}
        {...gridPaging(list)}
        rowHref={(row) => withParam('open', row.id)}
        renderCard={(row) => <BookingCard booking={row} />}
        selection={selection}
      />
    );
  }

  return (
    <PageContainer
      title={title}
      actions={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <QueueLink kind="services" />
          {/* One scan's or test's day: its waitlist. */}
          <WaitlistControl
            day={list.filters.serviceId && from === to ? { kind: 'bookings', ownerId: list.filters.serviceId, date: from } : null}
            onOpenVisit={(id) => setParam({ waitlist: null, open: id })}
          />
          <DayBookLink />
          <Button variant="contained" startIcon={<AddIcon />} onClick={openNew} onPointerEnter={preloadNewDialog} onFocus={preloadNewDialog}>
            {t('bookings.new')}
          </Button>
        </Box>
      }
    >
      <BookingFilters
        range={{ from, to }}
        onRange={(range) => setParam({ from: range.from, to: range.to, page: null })}
        serviceId={list.filters.serviceId}
        onService={(serviceId) => list.setFilter('serviceId', serviceId)}
        kind={list.filters.kind}
        onKind={(kind) => list.setFilter('kind', kind)}
        statuses={statuses}
        onStatuses={(next) => list.setFilter('status', next.join(','))}
        awaitingConfirmation={list.filters.awaitingConfirmation === 'true'}
        onAwaitingConfirmation={(on) => list.setFilter('awaitingConfirmation', on ? 'true' : '')}
        search={list.search}
        onSearch={list.setSearch}
        actions={<ExportCsvButton onExport={() => exportBookings(exportQuery)} />}
      />
      {selectedRows.length > 0 ? (
        <VisitBulkBar
          noun="booking"
          selected={selectedRows}
          cancel={bulkCancel.mutateAsync}
          reschedule={(ids, date, serviceId) => bulkReschedule.mutateAsync({ ids, date, serviceId })}
          owners={serviceOwners}
          onClear={clear}
        />
      ) : null}
      {body}
      <Suspense fallback={null}>
        {drawerMounted ? <BookingDrawer id={openId} onClose={() => setParam({ open: null })} /> : null}
        {dialogMounted ? <NewBookingDialog open={newOpen} patientId={params.get('patientId')} onClose={() => setParam({ new: null, patientId: null })} /> : null}
      </Suspense>
    </PageContainer>
  );
}
