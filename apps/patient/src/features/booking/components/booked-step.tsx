import { ButtonLink } from '@/components/button';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import type { BookedVisit } from '../api/book-visit';
import type { Bookable } from '../bookable';
import { calendarFile, calendarHref } from '../ics';

interface BookedStepProps {
  visit: BookedVisit;
  bookable: Bookable;
  organisationName: string;
  timeZone: string;
}

/** The booking made: the token to show at the desk, when and where, and what to do next. */
export function BookedStep({ visit, bookable, organisationName, timeZone }: BookedStepProps) {
  const t = useT();
  const format = useFormat();
  const facility = bookable.facility;
  const where = facility ? `${organisationName} · ${facility.name}` : organisationName;
  const file = calendarFile({
    uid: `${bookable.kind}-${visit.id}@caredesk`,
    date: visit.date,
    startTime: visit.startTime,
    endTime: visit.endTime,
    timeZone,
    summary: t('booked.calendarSummary', { title: bookable.name, organisation: organisationName }),
    location: [where, facility?.address].filter(Boolean).join(', '),
    description: t('booked.calendarDescription', { token: visit.tokenLabel, patient: visit.patientName }),
  });
  return (
    <div className="booking__form">
      <div className="booked__token">
        <span>{t('booked.token')}</span>
        <strong>{visit.tokenLabel}</strong>
      </div>
      <dl className="summary">
        <div>
          <dt>{t('confirm.when')}</dt>
          <dd>{t('dates.dateAt', { date: format.date(visit.date), time: format.time(visit.startTime) })}</dd>
        </div>
        <div>
          <dt>{t('confirm.where')}</dt>
          <dd>
            {where}
            {facility?.address && <span className="summary__muted">{facility.address}</span>}
          </dd>
        </div>
        <div>
          <dt>{t('confirm.for')}</dt>
          <dd>{visit.patientName}</dd>
        </div>
      </dl>
      {/* The organisation confirms online bookings at the desk: the slot is held, not yet final. */}
      {visit.awaitingConfirmation && <p className="page__lead">{t('booked.awaitingConfirmation')}</p>}
      <p className="page__lead">{t('booked.arrive')}</p>
      <div className="actions">
        <a className="button button--secondary" href={calendarHref(file)} download={`caredesk-${visit.tokenLabel}.ics`}>
          {t('booked.addToCalendar')}
        </a>
        {facility?.mapUrl && (
          <a className="button button--secondary" href={facility.mapUrl} target="_blank" rel="noopener noreferrer">
            {t('organisation.directions')}
          </a>
        )}
        <ButtonLink to={paths.visits.getHref()}>{t('nav.visits')}</ButtonLink>
      </div>
    </div>
  );
}
