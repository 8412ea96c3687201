import type { PatientReportLink } from '@caredesk/shared';
import { Button } from '@/components/button';
import { useT } from '@/i18n/use-t';
import { useTap } from '@/lib/use-tap';

interface ReportButtonProps {
  /** What the report is of (the scan, or one test of a package): the button's accessible name says it. */
  title: string;
  link: () => Promise<PatientReportLink>;
}

/**
 * Opens a ready report. The link is asked for at the tap, not with the list: it is signed for a
 * few minutes only, and a report is private enough that an old page should not hold one.
 */
export function ReportButton({ title, link }: ReportButtonProps) {
  const t = useT();
  const { state, tap } = useTap(async () => {
    const { url } = await link();
    window.location.assign(url);
  });
  return (
    <>
      <Button variant="secondary" aria-label={t('report.downloadNamed', { title })} disabled={state === 'busy'} onClick={tap}>
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
