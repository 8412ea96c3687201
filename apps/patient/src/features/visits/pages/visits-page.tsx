import { useEffect, useState } from 'react';
import { Alert } from '@/components/alert';
import { Button, ButtonLink } from '@/components/button';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { ApiError, NETWORK_ERROR } from '@/lib/http';
import { useLiveEvents } from '@/lib/live-events';
import { navigate } from '@/lib/router';
import { useSession } from '@/lib/session';
import { useResource } from '@/lib/use-resource';
import { listVisits } from '../api/list-visits';
import { CancelVisitDialog } from '../components/cancel-visit-dialog';
import { RescheduleVisit } from '../components/reschedule-visit';
import { VisitList } from '../components/visit-list';
import { splitVisits, type Visit } from '../visit';
import './visits-page.css';

/** /p/visits: the signed-in patient's upcoming and past visits, everywhere they booked. */
export function VisitsPage() {
  const t = useT();
  const format = useFormat();
  const session = useSession();
  const visits = useResource(session ? `visits:${session.accessToken}` : null, listVisits);
  const [cancelling, setCancelling] = useState<Visit | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const [rescheduling, setRescheduling] = useState<Visit | null>(null);
  const [moved, setMoved] = useState<string | null>(null);
  // The desk checks the patient in, calls them, marks a report ready: the list follows live.
  useLiveEvents(session !== null, (event) => event.type === 'appointment.updated' || event.type === 'booking.updated', visits.reload);

  useEffect(() => {
    if (!session) navigate(paths.signIn.getHref(paths.visits.getHref()), { replace: true });
  }, [session]);
  if (!session) return null;

  const { upcoming, past } = visits.status === 'ready' ? splitVisits(visits.data) : { upcoming: [], past: [] };
  return (
    <section className="page visits">
      <PageTitle>{t('visits.title')}</PageTitle>
      {cancelled && <Alert tone="success">{t('cancel.done')}</Alert>}
      {moved && <Alert tone="success">{moved}</Alert>}
      {rescheduling && (
        <RescheduleVisit
          key={rescheduling.id}
          visit={rescheduling}
          onClose={() => setRescheduling(null)}
          onMoved={(slot) => {
            setRescheduling(null);
            setMoved(t('reschedule.done', { date: format.date(slot.date), time: format.time(slot.start) }));
            visits.reload();
          }}
        />
      )}
      {visits.status === 'loading' && <p role="status">{t('visits.loading')}</p>}
      {visits.status === 'error' && (
        <Alert>
          {visits.error instanceof ApiError && visits.error.status === NETWORK_ERROR ? t('errors.network') : t('visits.loadFailed')}{' '}
          <Button variant="quiet" onClick={visits.reload}>
            {t('actions.retry')}
          </Button>
        </Alert>
      )}
      {visits.status === 'ready' && visits.data.length === 0 && (
        <div className="card">
          <h2>{t('visits.emptyTitle')}</h2>
          <p className="page__lead">{t('visits.emptyBody')}</p>
        </div>
      )}
      {visits.status === 'ready' && visits.data.length > 0 && (
        <>
          <VisitList
            title={t('visits.upcoming')}
            empty={t('visits.noUpcoming')}
            visits={upcoming}
            onCancel={setCancelling}
            onReschedule={(visit) => {
              setMoved(null);
              setCancelled(false);
              setRescheduling(visit);
            }}
          />
          <VisitList title={t('visits.past')} empty={t('visits.noPast')} visits={past} />
        </>
      )}
      <ButtonLink variant="secondary" to={paths.home.getHref()}>
        {t('nav.home')}
      </ButtonLink>
      {cancelling && (
        <CancelVisitDialog
          visit={cancelling}
          onClose={() => setCancelling(null)}
          onCancelled={() => {
            setCancelling(null);
            setCancelled(true);
            visits.reload();
          }}
        />
      )}
    </section>
  );
}
