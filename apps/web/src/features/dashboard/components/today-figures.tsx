import { WALLET_LOW_BALANCE_RUPEES, type Dashboard } from '@caredesk/shared';
import Box from '@mui/material/Box';
import { statusLabels, type VisitStatus } from '@/components/visits/visit-status';
import { paths } from '@/config/paths';
import { fDate, fRupees } from '@/lib/format';
import { fPaise } from './dashboard-format';
import { StatCard } from './stat-card';

/** 'Booked 4 · Checked in 2', the statuses that have visits today. */
function StatusBreakdown({ counts }: { counts: Partial<Record<VisitStatus, number>> }) {
  const present = (Object.entries(counts) as [VisitStatus, number][]).filter(([, count]) => count > 0);
  if (present.length === 0) return <>None yet today</>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
      {present.map(([status, count]) => (
        <li key={status}>
          {statusLabels[status]}: {count}
        </li>
      ))}
    </Box>
  );
}

function planDetail(plan: Dashboard['plan']): string {
  if (!plan.endsAt) return plan.isActive ? 'No end date' : 'No plan bought yet';
  return `${plan.isActive ? 'Valid until' : 'Ended on'} ${fDate(plan.endsAt)}`;
}

/**
 * Today at a glance: visits by status, the queue (its figure opens the token page: the doctors'
 * where the account has appointments, else the scans' and tests'), new patients, money (collected beside billed and still due), wallet and plan.
 */
export function TodayFigures({ dashboard }: { dashboard: Dashboard }) {
  const { appointments, bookings, wallet, plan } = dashboard;
  return (
    <Box
      component="section"
      aria-label="Today at a glance"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}
    >
      {appointments ? <StatCard label="Appointments today" value={appointments.today} detail={<StatusBreakdown counts={appointments.todayByStatus} />} /> : null}
      {bookings ? <StatCard label="Bookings today" value={bookings.today} detail={<StatusBreakdown counts={bookings.todayByStatus} />} /> : null}
      <StatCard
        label="Waiting now"
        value={dashboard.waitingNow}
        to={appointments ? paths.appointmentsToken : paths.bookingsToken}
        detail={dashboard.averageWaitMinutes === null ? 'No one called yet today' : `Average wait ${dashboard.averageWaitMinutes} min`}
      />
      <StatCard label="New patients this week" value={dashboard.newPatientsThisWeek} />
      <StatCard label="Revenue today" value={fPaise(dashboard.revenue.todayPaise)} detail="Collected, less refunds" />
      <StatCard label="Revenue this month" value={fPaise(dashboard.revenue.monthPaise)} detail="Collected, less refunds" />
      {dashboard.billed ? <StatCard label="Billed today" value={fPaise(dashboard.billed.todayPaise)} detail={`${fPaise(dashboard.billed.monthPaise)} this month`} /> : null}
      {dashboard.due ? <StatCard label="Due" value={fPaise(dashboard.due.totalPaise)} detail="Still owed on bills of any day" /> : null}
      {wallet.showWallet ? (
        <StatCard label="Wallet balance" value={fRupees(wallet.balance)} tone={wallet.balance < WALLET_LOW_BALANCE_RUPEES ? 'error' : undefined} to={paths.wallet} />
      ) : null}
      <StatCard label="Plan" value={plan.name ?? 'No plan'} detail={planDetail(plan)} tone={plan.isActive ? undefined : 'error'} to={paths.plan} />
    </Box>
  );
}
