import { useId } from 'react';
import { useT, type MessageId } from '@/i18n/use-t';
import { getTestReportLink } from '../api/get-report-link';
import type { Visit } from '../visit';
import { ReportButton } from './report-button';

const TEST_STATUS: Record<Visit['tests'][number]['status'], MessageId> = {
  PENDING: 'tests.PENDING',
  DONE: 'tests.DONE',
  SKIPPED: 'tests.SKIPPED',
  REPORT_READY: 'tests.REPORT_READY',
};

/**
 * A package's tests (a health check): each one's state, and its report as soon as the lab has
 * released it; the rest follow as they come.
 */
export function PackageTests({ visit }: { visit: Visit }) {
  const t = useT();
  const headingId = useId();
  const ready = visit.tests.filter((test) => test.status === 'REPORT_READY').length;
  const expected = visit.tests.filter((test) => test.status !== 'SKIPPED').length;
  return (
    <section className="package-tests" aria-labelledby={headingId}>
      <h4 id={headingId}>{t('tests.heading')}</h4>
      {ready > 0 && <p className="package-tests__progress">{t('tests.progress', { ready, expected })}</p>}
      <ul>
        {visit.tests.map((test) => (
          <li key={test.id} className="package-tests__item">
            <span className="package-tests__name">{test.name}</span>
            <span className={`package-tests__status package-tests__status--${test.status.toLowerCase()}`}>{t(TEST_STATUS[test.status])}</span>
            {test.status === 'REPORT_READY' && <ReportButton title={test.name} link={() => getTestReportLink(visit.id, test.id)} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
