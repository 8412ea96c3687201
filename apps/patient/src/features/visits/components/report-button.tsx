import { Button } from '@/components/button';
import { useT } from '@/i18n/use-t';
import { useTap } from '@/lib/use-tap';
import { getReportLink } from '../api/get-report-link';
import type { Visit } from '../visit';

/**
 * Opens a ready report. The link is asked for at the tap, not with the list: it is signed for a
 * few minutes only, and a report is private enough that an old page should not hold one.
 */
export function ReportButton({ visit }: { visit: Visit }) {
  const t = useT();
  const { state, tap } = useTap(async () => {
    const { url } = await getReportLink(visit.id);
    window.location.assign(url);
  });
  return (
    <>
      <Button variant="secondary" aria-label={t('report.downloadNamed', { title: visit.title })} disabled={state === 'busy'} onClick={tap}>
        {state === 'busy' ? t('report.opening') : t('report.download')}
      </Button>
      {(state === 'failed' || state === 'offline') && (
        <p role="alert" className="visit-card__error">
          {state === 'offline' ? t('errors.network') : t('report.failed')}
        </p>
      )}
    </>
  );
}
