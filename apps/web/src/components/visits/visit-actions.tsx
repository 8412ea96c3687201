import type { AppointmentAction, BookingAction } from '@caredesk/shared';
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { enqueueSnackbar } from '@/components/toast';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useShortcut } from '@/components/shortcuts';
import { errorMessage } from '@/lib/http';
import { useOrganisationToday } from '@/lib/organisation-today';
import { CancelDialog } from './cancel-dialog';
import { SlipDialog } from './slip-dialog';
import { fVisitDate } from './visit-format';
import { isCalledOff, type VisitStatus } from './visit-status';
import { useT } from './i18n';

/** Appointments and bookings move through the same five actions. */
export type VisitAction = AppointmentAction & BookingAction;

const STEPS: readonly VisitAction[] = ['check-in', 'start', 'complete', 'no-show', 'cancel'];
const PRIMARY: readonly string[] = ['confirm', 'check-in', 'start', 'complete'];
/**
 * What happens only once the visit's day has come on the organisation's calendar (the server
 * refuses them before it). Past days stay open: a desk may close yesterday's visit late.
 */
const ON_ITS_DAY: readonly string[] = ['check-in', 'start', 'complete', 'no-show'];

type Extra = 'confirm' | 'reschedule' | 'slip' | 'bill';

// The bill, its payment form and the receipt load when the desk first opens a bill.
const loadBillDialog = () => import('@/components/billing/bill-dialog');
const BillDialog = lazy(() => loadBillDialog().then((module) => ({ default: module.BillDialog })));

interface VisitActionsProps {
  visit: { id: string; tokenLabel: string; patientName: string; status: VisitStatus; date: string; awaitingConfirmation?: boolean };
  /** 'appointment' or 'booking': the cancel dialog's title. */
  noun: string;
  /** The moves its status allows now. */
  allowed: (action: VisitAction) => boolean;
  /** The toast after each move: 'Checked in', 'Consultation started'… */
  done: Record<VisitAction, string>;
  /** 'Reschedule' is offered (the statuses differ: appointments while BOOKED, bookings until started). */
  reschedulable: boolean;
  /** The reschedule dialog, rendered while open. */
  renderReschedule: (close: () => void) => ReactNode;
  /** 'Print slip' (unless the visit was called off): the dialog's title and the slip. */
  slip: { title: string; content: ReactNode };
  /** Sends a move; rejects with the server's refusal (a 409 naming the status). */
  run: (action: VisitAction, reason?: string) => Promise<unknown>;
  /** Confirms a visit awaiting the desk's confirmation (offered only while it does). */
  confirm: () => Promise<unknown>;
  pending: boolean;
  /** In a grid row: the next step as a button, the rest in a menu. */
  compact?: boolean;
}

/** What may be done to a visit now: the transitions its status allows, reschedule and the slip. */
export function VisitActions(props: VisitActionsProps) {
  const { visit, compact, pending } = props;
  const [dialog, setDialog] = useState<'cancel' | Extra | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const beforeItsDay = visit.date > useOrganisationToday();
  const t = useT();
  const steps = STEPS.filter((step) => props.allowed(step));
  const keys: (VisitAction | Extra)[] = steps.filter((step) => !(beforeItsDay && ON_ITS_DAY.includes(step)));
  // First, so that it is a row's button: checking in would confirm it too, but only on its day.
  if (visit.awaitingConfirmation && !isCalledOff(visit.status)) keys.unshift('confirm');
  const waitsForItsDay = beforeItsDay && steps.includes('check-in');
  if (props.reschedulable) keys.push('reschedule');
  if (!isCalledOff(visit.status)) keys.push('slip');
  // The fee is collected at the desk: offered from check-in on, and before for prepayment.
  if (!isCalledOff(visit.status)) keys.push('bill');
  const items = keys.map((key) => ({ key, label: t(`visits.action.${key}`) }));
  const close = () => setDialog(null);

  const run = (key: VisitAction, reason?: string) =>
    props.run(key, reason).then(
      () => {
        enqueueSnackbar(t('visits.actions.done', { action: props.done[key], token: visit.tokenLabel }), { variant: 'success' });
        close();
      },
      (error: unknown) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    );
  const confirm = () =>
    props.confirm().then(
      () => enqueueSnackbar(t('visits.actions.confirmed', { token: visit.tokenLabel }), { variant: 'success' }),
      (error: unknown) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    );
  const choose = (key: VisitAction | Extra) => {
    setMenuAnchor(null);
    if (key === 'confirm') {
      void confirm();
      return;
    }
    const step = STEPS.find((entry) => entry === key);
    if (!step || step === 'cancel') setDialog(key as 'cancel' | Extra);
    else void run(step);
  };

  // In the visit's drawer (not the rows of a list, where which visit would be unclear), 'C' checks in.
  useShortcut('c', t('visits.actions.shortcut'), () => choose('check-in'), !compact && !pending && items.some((item) => item.key === 'check-in'), { inDialog: true });

  const primary = compact ? items.find((item) => PRIMARY.includes(item.key)) : undefined;
  const rest = compact ? items.filter((item) => item !== primary) : items;

  return (
    // Clicks and Enter inside (the dialogs too, through the React tree) must not open the row.
    <Box onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      {primary ? (
        <Button size="small" variant="contained" disabled={pending} onClick={() => choose(primary.key)}>
          {primary.label}
        </Button>
      ) : null}
      {compact && rest.length > 0 ? (
        <>
          <IconButton size="small" aria-label={t('visits.actions.more', { token: visit.tokenLabel })} onClick={(event) => setMenuAnchor(event.currentTarget)}>
            <MoreVert fontSize="small" />
          </IconButton>
          <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
            {rest.map((item) => (
              <MenuItem key={item.key} onClick={() => choose(item.key)} disabled={pending}>
                {item.label}
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : null}
      {!compact && waitsForItsDay ? (
        <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }}>
          {t('visits.actions.waitsForDay', { date: fVisitDate(visit.date) })}
        </Typography>
      ) : null}
      {!compact
        ? rest.map((item) => (
            <Button
              key={item.key}
              size="small"
              variant={PRIMARY.includes(item.key) ? 'contained' : 'outlined'}
              color={item.key === 'cancel' ? 'error' : 'primary'}
              disabled={pending}
              onClick={() => choose(item.key)}
              {...(item.key === 'bill' ? { onMouseEnter: () => void loadBillDialog(), onFocus: () => void loadBillDialog() } : {})}
            >
              {item.label}
            </Button>
          ))
        : null}
      <CancelDialog
        open={dialog === 'cancel'}
        noun={props.noun}
        subject={t('visits.subject', { token: visit.tokenLabel, name: visit.patientName })}
        pending={pending}
        onConfirm={(reason) => void run('cancel', reason)}
        onClose={close}
      />
      {dialog === 'reschedule' ? props.renderReschedule(close) : null}
      {dialog === 'bill' ? (
        <Suspense fallback={null}>
          <BillDialog visitId={visit.id} subject={t('visits.subject', { token: visit.tokenLabel, name: visit.patientName })} open onClose={close} />
        </Suspense>
      ) : null}
      <SlipDialog title={props.slip.title} open={dialog === 'slip'} onClose={close}>
        {props.slip.content}
      </SlipDialog>
    </Box>
  );
}
