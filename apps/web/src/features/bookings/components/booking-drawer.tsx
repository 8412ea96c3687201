import { DetailList } from '@/components/records/detail-list';
import { VisitDrawer } from '@/components/visits/visit-drawer';
import { fFee, fTimeOfDay, fVisitDate } from '@/components/visits/visit-format';
import { fPhone } from '@/lib/format';
import { useBooking } from '../api/get-booking';
import { BookingActions } from './booking-actions';
import { serviceLine } from './booking-format';
import { useT } from '../i18n';
import { BookingReport } from './booking-report';
import { BookingSeriesSection } from './booking-series';
import { BookingTests } from './booking-tests';

/** ?open=<id>: the booking's details, the actions its status allows, a package's tests, its report, its series and its history. */
export function BookingDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useT();
  const booking = useBooking(id);
  const data = booking.data;
  return (
    <VisitDrawer open={Boolean(id)} onClose={onClose} title={data ? t('bookings.token', { token: data.tokenLabel }) : t('bookings.booking')} visit={data} error={booking.error}>
      {data ? (
        <>
          <DetailList
            items={[
              { label: t('bookings.field.patient'), value: data.patientName },
              { label: t('bookings.field.phone'), value: fPhone(data.patientPhone) },
              { label: t('bookings.field.service'), value: serviceLine(data) },
              { label: t('bookings.field.date'), value: fVisitDate(data.date) },
              { label: t('bookings.field.time'), value: `${fTimeOfDay(data.startTime)} – ${fTimeOfDay(data.endTime)}` },
              { label: t('bookings.field.price'), value: fFee(data.pricePaise) },
              { label: t('bookings.field.reason'), value: data.reason },
              { label: t('bookings.field.cancelReason'), value: data.cancelReason, hidden: !data.cancelReason },
            ]}
          />
          <BookingActions booking={data} />
          <BookingTests booking={data} />
          <BookingReport booking={data} />
          {data.seriesId ? <BookingSeriesSection booking={data} /> : null}
        </>
      ) : null}
    </VisitDrawer>
  );
}
