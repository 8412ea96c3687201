import { WALLET_LOW_BALANCE_RUPEES, type Dashboard } from '@caredesk/shared';
import Box from '@mui/material/Box';
import { statusLabels, type VisitStatus } from '@/components/visits/visit-status';
import { paths } from '@/config/paths';
import { fDate, fRupees } from '@/lib/format';
import { fPaise } from './dashboard-format';
import { StatCard } from './stat-card';
import { useT } from '../i18n';

type Translate = ReturnType<typeof useT>;

/** 'Booked 4 · Checked in 2', the statuses that have visits today. */
function StatusBreakdown({ counts }: { counts: Partial<Record<VisitStatus, number>> }) {
  const t = useT();
  const present = (Object.entries(counts) as [VisitStatus, number][]).filter(([, count]) => count > 0);
  if (present.length === 0) return <>{t('dashboard.today.noneYet')}</>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
      {present.map(([status, count]) => (
        <li key={status}>{t('dashboard.today.statusCount', { status: statusLabels[status], count })}</li>
      ))}
    </Box>
  );
}

function planDetail(plan: Dashboard['plan'], t: Translate): string {
  if (!plan.endsAt) return plan.isActive ? t('dashboard.plan.noEndDate') : t('dashboard.plan.notBought');
  const date = fDate(plan.endsAt);
  return plan.isActive ? t('dashboard.plan.validUntil', { date }) : t('dashboard.plan.endedOn', { date });
}

/**
 * Today at a glance: visits by status, the queue (its figure opens the token page: the doctors'
 * where the account has appointments, else the scans' and tests'), new patients, money (collected beside billed and still due), wallet and plan.
 */
export function TodayFigures({ dashboard }: { dashboard: Dashboard }) {
  const t = useT();
  const { appointments, bookings, wallet, plan } = dashboard;
  const lessRefunds = t('dashboard.today.lessRefunds');
  return (
    <Box
      component="section"
      aria-label={t('dashboard.today.label')}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}
    >
      {appointments ? <StatCard label={t('dashboard.today.appointments')} value={appointments.today} detail={<StatusBreakdown counts={appointments.todayByStatus} />} /> : null}
      {bookings ? <StatCard label={t('dashboard.today.bookings')} value={bookings.today} detail={<StatusBreakdown counts={bookings.todayByStatus} />} /> : null}
      <StatCard
        label={t('dashboard.today.waiting')}
        value={dashboard.waitingNow}
        to={appointments ? paths.appointmentsToken : paths.bookingsToken}
        detail={dashboard.averageWaitMinutes === null ? t('dashboard.today.noOneCalled') : t('dashboard.today.averageWait', { minutes: dashboard.averageWaitMinutes })}
      />
      <StatCard label={t('dashboard.today.newPatients')} value={dashboard.newPatientsThisWeek} />
      <StatCard label={t('dashboard.today.revenueToday')} value={fPaise(dashboard.revenue.todayPaise)} detail={lessRefunds} />
      <StatCard label={t('dashboard.today.revenueMonth')} value={fPaise(dashboard.revenue.monthPaise)} detail={lessRefunds} />
      {dashboard.billed ? (
        <StatCard
          label={t('dashboard.today.billed')}
          value={fPaise(dashboard.billed.todayPaise)}
          detail={t('dashboard.today.billedMonth', { amount: fPaise(dashboard.billed.monthPaise) })}
        />
      ) : null}
      {dashboard.due ? <StatCard label={t('dashboard.today.due')} value={fPaise(dashboard.due.totalPaise)} detail={t('dashboard.today.dueDetail')} /> : null}
      {wallet.showWallet ? (
        <StatCard label={t('dashboard.today.wallet')} value={fRupees(wallet.balance)} tone={wallet.balance < WALLET_LOW_BALANCE_RUPEES ? 'error' : undefined} to={paths.wallet} />
      ) : null}
      <StatCard
        label={t('dashboard.today.plan')}
        value={plan.name ?? t('dashboard.today.noPlan')}
        detail={planDetail(plan, t)}
        tone={plan.isActive ? undefined : 'error'}
        to={paths.plan}
      />
    </Box>
  );
}
