import type { PublicOrganisation } from '@caredesk/shared';
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { Alert } from '@/components/alert';
import { Button, ButtonLink } from '@/components/button';
import { PageTitle } from '@/components/page-title';
import { SlotPicker } from '@/components/slot-picker';
import { paths } from '@/config/paths';
import { useT, type MessageId } from '@/i18n/use-t';
import { todayIn } from '@/lib/dates';
import { ApiError, NETWORK_ERROR } from '@/lib/http';
import { forgetPublicOrganisations } from '@/lib/public-organisation';
import { useSession } from '@/lib/session';
import { useResource } from '@/lib/use-resource';
import { bookVisit, type BookedVisit } from '../api/book-visit';
import { listPatientRecords } from '../api/list-patient-records';
import { listPublicSlots } from '../api/list-slots';
import { bookingDates, type Bookable } from '../bookable';
import { EMPTY_PERSON, personName, personProblems, SOMEONE_ELSE, visitPatientOf, type PersonErrors, type PersonField, type PersonForm } from '../person';
import { loadSlotChoice, saveSlotChoice, type SlotChoice } from '../slot-draft';
import { BookedStep } from './booked-step';
import { ConfirmStep } from './confirm-step';
import { PersonStep } from './person-step';

type Step = 'slot' | 'signIn' | 'person' | 'confirm' | 'done';

const HEADING: Record<Step, MessageId> = {
  slot: 'book.slotHeading',
  signIn: 'book.signInHeading',
  person: 'book.personHeading',
  confirm: 'book.confirmHeading',
  done: 'book.doneHeading',
};

const PERSON_FIELDS: readonly string[] = ['name', 'ageYears', 'dateOfBirth', 'gender', 'reason', 'patientId'];

interface BookingStepsProps {
  organisation: PublicOrganisation;
  bookable: Bookable;
  /** Signing in by phone, from the auth feature (composed in app/). */
  SignIn: ComponentType<{ onSignedIn: () => void }>;
}

/** The steps, their state kept here: a slot, signing in when needed, the person, confirm, done. */
export function BookingSteps({ organisation, bookable, SignIn }: BookingStepsProps) {
  const t = useT();
  const session = useSession();
  const draftKey = `${organisation.id}/${bookable.kind}/${bookable.id}`;
  const dates = bookingDates(organisation, bookable);
  const [slot, setSlot] = useState<SlotChoice | null>(() => {
    const saved = loadSlotChoice(draftKey);
    return saved && dates.includes(saved.date) ? saved : null;
  });
  const [date, setDate] = useState(() => slot?.date ?? dates[0]!);
  const [step, setStep] = useState<Step>('slot');
  const [slotNotice, setSlotNotice] = useState<string | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [person, setPerson] = useState<PersonForm>(EMPTY_PERSON);
  const [personErrors, setPersonErrors] = useState<PersonErrors>({});
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [booked, setBooked] = useState<BookedVisit | null>(null);
  const records = useResource(session ? `records:${organisation.id}:${session.accessToken}` : null, (signal) => listPatientRecords(organisation.id, signal));

  // A session that ends mid-booking (expired, signed out in another tab) asks for the phone again.
  const shown: Step = !session && (step === 'person' || step === 'confirm') ? 'signIn' : step;

  const heading = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  useLayoutEffect(() => {
    // Each step is announced like a page: focus on its heading (not on arrival, PageTitle has it).
    if (firstStep.current) firstStep.current = false;
    else heading.current?.focus();
  }, [shown]);

  useEffect(() => {
    // Nobody on this phone here yet: the form for a new person is the only choice.
    if (records.status === 'ready' && records.data.length === 0 && person.choice === '') setPerson((current) => ({ ...current, choice: SOMEONE_ELSE }));
  }, [records, person.choice]);

  const chooseSlot = (choice: SlotChoice | null) => {
    setSlot(choice);
    saveSlotChoice(draftKey, choice);
  };

  const continueFromSlot = () => {
    if (!slot) {
      setSlotNotice(t('book.chooseTime'));
      return;
    }
    setSlotNotice(null);
    setStep(session ? 'person' : 'signIn');
  };

  const continueFromPerson = () => {
    const problems = personProblems(person);
    setPersonErrors(Object.fromEntries(Object.entries(problems).map(([field, id]) => [field, t(id)])));
    if (Object.keys(problems).length === 0) {
      setConfirmError(null);
      setStep('confirm');
    }
  };

  /** Where a refusal belongs: the slot (taken, outside the rules), a field of the person, or the confirm step. */
  const showRefusal = (failure: unknown) => {
    if (!(failure instanceof ApiError) || failure.status === NETWORK_ERROR) {
      setConfirmError(failure instanceof ApiError ? t('errors.network') : t('errors.generic'));
      return;
    }
    const message = failure.message || t('errors.generic');
    const slotIssue = failure.issues.find((issue) => issue.path === 'date' || issue.path === 'startTime');
    if (failure.status === 409 || slotIssue) {
      chooseSlot(null);
      setSlotNotice(slotIssue?.message ?? message);
      setRefreshKey((key) => key + 1);
      setStep('slot');
      return;
    }
    const fieldIssues = failure.issues
      .map((issue) => ({ field: issue.path.replace(/^patient\./, ''), message: issue.message }))
      .filter((issue) => PERSON_FIELDS.includes(issue.field));
    if (fieldIssues.length > 0) {
      setPersonErrors(Object.fromEntries(fieldIssues.map((issue) => [(issue.field === 'patientId' ? 'choice' : issue.field) as PersonField, issue.message])));
      setStep('person');
      return;
    }
    setConfirmError(message);
  };

  const confirm = async () => {
    if (!slot) return;
    setBusy(true);
    setConfirmError(null);
    try {
      const visit = await bookVisit({
        organisationId: organisation.id,
        kind: bookable.kind,
        id: bookable.id,
        date: slot.date,
        startTime: slot.start,
        reason: person.reason,
        patient: visitPatientOf(person),
      });
      saveSlotChoice(draftKey, null);
      // Its next free slot has moved on: the organisation's page reads it afresh.
      forgetPublicOrganisations();
      setBooked(visit);
      setStep('done');
    } catch (failure) {
      showRefusal(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page booking">
      <PageTitle>{t('book.title', { name: bookable.name })}</PageTitle>
      <p className="page__lead">{[bookable.detail, organisation.name, bookable.facility?.name].filter(Boolean).join(' · ')}</p>
      <div className="card booking__step">
        <h2 ref={heading} tabIndex={-1}>
          {t(shown === 'done' && booked?.awaitingConfirmation ? 'book.requestedHeading' : HEADING[shown])}
        </h2>
        {shown === 'slot' && (
          <>
            {slotNotice && <Alert>{slotNotice}</Alert>}
            <SlotPicker
              dates={dates}
              today={todayIn(organisation.timeZone)}
              date={date}
              onDateChange={(day) => {
                setDate(day);
                setSlotNotice(null);
              }}
              value={slot?.date === date ? slot.start : null}
              onChange={(chosen) => {
                chooseSlot({ date, start: chosen.start, end: chosen.end });
                setSlotNotice(null);
              }}
              loadSlots={(day, signal) => listPublicSlots(organisation.slug, bookable.kind, bookable.id, day, signal)}
              refreshKey={refreshKey}
            />
            <div className="actions">
              <Button onClick={continueFromSlot}>{t('book.continue')}</Button>
              <ButtonLink variant="quiet" to={paths.organisation.getHref(organisation.slug)}>
                {t('book.backToOrganisation', { name: organisation.name })}
              </ButtonLink>
            </div>
          </>
        )}
        {shown === 'signIn' && (
          <>
            <p className="page__lead">{t('book.signInLead')}</p>
            <SignIn onSignedIn={() => setStep('person')} />
          </>
        )}
        {shown === 'person' && records.status === 'loading' && <p role="status">{t('person.loading')}</p>}
        {shown === 'person' && records.status === 'error' && (
          <Alert>
            {records.error instanceof ApiError && records.error.status === NETWORK_ERROR ? t('errors.network') : t('person.loadFailed')}{' '}
            <Button variant="quiet" onClick={records.reload}>
              {t('actions.retry')}
            </Button>
          </Alert>
        )}
        {shown === 'person' && records.status === 'ready' && (
          <PersonStep records={records.data} value={person} onChange={setPerson} errors={personErrors} onContinue={continueFromPerson} onBack={() => setStep('slot')} />
        )}
        {shown === 'confirm' && slot && (
          <ConfirmStep
            bookable={bookable}
            organisationName={organisation.name}
            slot={slot}
            personName={personName(person, records.status === 'ready' ? records.data : [])}
            reason={person.reason}
            error={confirmError}
            busy={busy}
            onConfirm={() => void confirm()}
            onBack={() => setStep('person')}
          />
        )}
        {shown === 'done' && booked && <BookedStep visit={booked} bookable={bookable} organisationName={organisation.name} timeZone={organisation.timeZone} />}
      </div>
    </section>
  );
}
