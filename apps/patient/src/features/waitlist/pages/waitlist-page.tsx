import { useEffect, useId, useState, type ReactNode } from 'react';
import { Alert } from '@/components/alert';
import { Button, ButtonLink } from '@/components/button';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/error-text';
import { ApiError, NETWORK_ERROR } from '@/lib/http';
import { navigate } from '@/lib/router';
import { useLiveEvents } from '@/lib/live-events';
import { useSession } from '@/lib/session';
import { useResource } from '@/lib/use-resource';
import { answerWaitlist } from '../api/answer-waitlist';
import { listWaitlist } from '../api/list-waitlist';
import { AnswerDialog } from '../components/answer-dialog';
import { OfferCard } from '../components/offer-card';
import { OutcomeItem } from '../components/outcome-item';
import { WaitingItem } from '../components/waiting-item';
import { splitWaitlist, useRefresh, type Entry } from '../waitlist';
import { publishWaitlist } from '../waitlist-summary';
import './waitlist-page.css';

/** A titled part of the page, its list named by its heading. */
function Part({ title, className, children }: { title: string; className: string; children: ReactNode[] }) {
  const headingId = useId();
  return (
    <section className={`waitlist-part ${className}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ul aria-labelledby={headingId}>{children}</ul>
    </section>
  );
}

type Notice = { tone: 'success' | 'error'; text: string; visit?: boolean };

/**
 * /p/waitlist, where a held place's text message links: places held for the patient first (take
 * one, or pass it on), then their places in line, then what became of the rest lately.
 */
export function WaitlistPage() {
  const t = useT();
  const format = useFormat();
  const session = useSession();
  const waitlist = useResource(session ? `waitlist:${session.accessToken}` : null, listWaitlist);
  const [accepting, setAccepting] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ entry: Entry; action: 'decline' | 'leave' } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { offers, waiting, outcomes } = waitlist.status === 'ready' ? splitWaitlist(waitlist.data) : { offers: [], waiting: [], outcomes: [] };
  useRefresh(waitlist.reload, offers.length > 0);
  // A place offered (or an offer passing on) reaches the app at once; the polling covers a socket that is down.
  useLiveEvents(session !== null, (event) => event.type === 'waitlist.updated', waitlist.reload);
  // The header's link and the home page follow what this page read last.
  const read = waitlist.status === 'ready' ? waitlist.data : null;
  const token = session?.accessToken ?? null;
  useEffect(() => {
    if (read && token) publishWaitlist(token, read);
  }, [read, token]);

  useEffect(() => {
    if (!session) navigate(paths.signIn.getHref(paths.waitlist.getHref()), { replace: true });
  }, [session]);
  if (!session) return null;

  const accept = async (entry: Entry) => {
    setAccepting(entry.id);
    setNotice(null);
    try {
      await answerWaitlist(entry, 'accept');
      const when = { owner: entry.ownerName, date: format.date(entry.date), time: format.time(entry.offer!.startTime) };
      setNotice({ tone: 'success', text: t('waitlist.taken', when), visit: true });
    } catch (failure) {
      // Most often the hold ran out, or the desk gave the place away meanwhile: the server says which.
      setNotice({ tone: 'error', text: errorText(failure, '', t) });
    } finally {
      setAccepting(null);
      waitlist.reload();
    }
  };

  return (
    <section className="page waitlist">
      <PageTitle>{t('waitlist.title')}</PageTitle>
      {notice && (
        <Alert tone={notice.tone}>
          {notice.text}
          {notice.visit && (
            <>
              {' '}
              <ButtonLink variant="quiet" to={paths.visits.getHref()}>
                {t('waitlist.seeVisit')}
              </ButtonLink>
            </>
          )}
        </Alert>
      )}
      {waitlist.status === 'loading' && <p role="status">{t('waitlist.loading')}</p>}
      {waitlist.status === 'error' && (
        <Alert>
          {waitlist.error instanceof ApiError && waitlist.error.status === NETWORK_ERROR ? t('errors.network') : t('waitlist.loadFailed')}{' '}
          <Button variant="quiet" onClick={waitlist.reload}>
            {t('actions.retry')}
          </Button>
        </Alert>
      )}
      {waitlist.status === 'ready' && waitlist.data.length === 0 && (
        <div className="card">
          <h2>{t('waitlist.emptyTitle')}</h2>
          <p className="page__lead">{t('waitlist.emptyBody')}</p>
        </div>
      )}
      {offers.length > 0 && (
        <Part title={t('waitlist.offers')} className="waitlist-part--offers">
          {offers.map((entry) => (
            <li key={entry.id}>
              <OfferCard
                entry={entry}
                busy={accepting === entry.id}
                onAccept={(chosen) => void accept(chosen)}
                onDecline={(chosen) => setAsking({ entry: chosen, action: 'decline' })}
              />
            </li>
          ))}
        </Part>
      )}
      {waiting.length > 0 && (
        <Part title={t('waitlist.waiting')} className="waitlist-part--waiting">
          {waiting.map((entry) => (
            <li key={entry.id}>
              <WaitingItem entry={entry} onLeave={(chosen) => setAsking({ entry: chosen, action: 'leave' })} />
            </li>
          ))}
        </Part>
      )}
      {outcomes.length > 0 && (
        <Part title={t('waitlist.recent')} className="waitlist-part--recent">
          {outcomes.map((entry) => (
            <li key={entry.id}>
              <OutcomeItem entry={entry} />
            </li>
          ))}
        </Part>
      )}
      <ButtonLink variant="secondary" to={paths.home.getHref()}>
        {t('nav.home')}
      </ButtonLink>
      {asking && (
        <AnswerDialog
          entry={asking.entry}
          action={asking.action}
          onClose={() => setAsking(null)}
          onDone={() => {
            setNotice({ tone: 'success', text: t(asking.action === 'decline' ? 'waitlist.declined' : 'waitlist.left') });
            setAsking(null);
            waitlist.reload();
          }}
        />
      )}
    </section>
  );
}
