import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent, useLiveResync } from '@/lib/events';
import { queryKeys } from '@/lib/query-keys';

/**
 * Keeps the open dashboard's counts current: any appointment or booking change (a check-in at
 * another desk, a patient booking from the app) and the plan or wallet changing refetch it, and
 * so does a reconnect after a gap. Kept here rather than in lib/events' table so the dashboard's
 * key stays the dashboard's business.
 */
export function useLiveDashboard(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
  useLiveEvent('appointment.updated', refresh);
  useLiveEvent('booking.updated', refresh);
  useLiveEvent('plan.updated', refresh);
  useLiveEvent('wallet.updated', refresh);
  useLiveResync(refresh);
}
