import { useId } from 'react';
import { Button } from '@/components/button';
import { useFormat } from '@/i18n/format';
import { useT, type MessageId } from '@/i18n/use-t';
import { QueueStatus } from './queue-status';
import { awaitsConfirmation, hasReport, isCancellable, isReschedulable, isInTodaysQueue, type Visit } from '../visit';
import { getReportLink } from '../api/get-report-link';
import { PackageTests } from './package-tests';
import { ReportButton } from './report-button';

const STATUS: Record<Visit['status'], MessageId> = {
  BOOKED: 'status.BOOKED',
  CHECKED_IN: 'status.CHECKED_IN',
  IN_CONSULTATION: 'status.IN_CONSULTATION',
  IN_PROGRESS: 'status.IN_PROGRESS',
  COMPLETED: 'status.COMPLETED',
  REPORT_READY: 'status.REPORT_READY',
  CANCELLED: 'status.CANCELLED',
  NO_SHOW: 'status.NO_SHOW',
};

interface VisitCardProps {
  visit: Visit;
  /** Upcoming visits the server lets the patient cancel get the button. */
  onCancel?: (visit: Visit) => void;
  /** Upcoming booked visits get 'Reschedule'. */
  onReschedule?: (visit: Visit) => void;
}

/** One visit: token, who or what, where, when, and its state. */
export function VisitCard({ visit, onCancel, onReschedule }: VisitCardProps) {
  const t = useT();
  const format = useFormat();
  const titleId = useId();
  const when = t('dates.dateAt', { date: format.date(visit.date), time: format.time(visit.startTime) });
  return (
    <article className="visit-card" aria-labelledby={titleId}>
      <div className="visit-card__token">
        <span className="visit-card__token-label">{t('visits.token')}</span>
        <span className="visit-card__token-value">{visit.tokenLabel}</span>
      </div>
      <div className="visit-card__body">
        <h3 id={titleId}>{visit.title}</h3>
        {visit.detail && <p className="visit-card__detail">{visit.detail}</p>}
        <dl>
          <dt>{t('visits.when')}</dt>
          <dd>{when}</dd>
          <dt>{t('visits.where')}</dt>
          <dd>{visit.facilityName ? `${visit.organisationName} · ${visit.facilityName}` : visit.organisationName}</dd>
          <dt>{t('visits.for')}</dt>
          <dd>{visit.patientName}</dd>
        </dl>
        <p className={`visit-card__status visit-card__status--${visit.status.toLowerCase()}`}>{t(STATUS[visit.status])}</p>
        {awaitsConfirmation(visit) && <p className="visit-card__status visit-card__status--awaiting">{t('visits.awaitingConfirmation')}</p>}
        {isInTodaysQueue(visit) && <QueueStatus visit={visit} />}
        {hasReport(visit) && <ReportButton title={visit.title} link={() => getReportLink(visit.id)} />}
        {visit.tests.length > 0 && <PackageTests visit={visit} />}
        {onReschedule && isReschedulable(visit) && (
          <Button variant="secondary" className="visit-card__cancel" aria-label={t('visits.rescheduleNamed', { title: visit.title, when })} onClick={() => onReschedule(visit)}>
            {t('visits.reschedule')}
          </Button>
        )}
        {onCancel && isCancellable(visit) && (
          <Button variant="secondary" className="visit-card__cancel" aria-label={t('visits.cancelNamed', { title: visit.title, when })} onClick={() => onCancel(visit)}>
            {t('visits.cancel')}
          </Button>
        )}
      </div>
    </article>
  );
}
