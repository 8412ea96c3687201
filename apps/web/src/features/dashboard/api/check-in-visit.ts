import type { DashboardUpcoming } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export type UpcomingVisitRef = Pick<DashboardUpcoming, 'kind' | 'id'>;

/**
 * The same action endpoint the appointments and bookings lists use; 409 when the visit is no
 * longer BOOKED (someone checked it in or cancelled it meanwhile).
 */
export async function checkInVisit({ kind, id }: UpcomingVisitRef): Promise<void> {
  const area = kind === 'appointment' ? 'appointments' : 'bookings';
  await http.post(`/${area}/${encodeURIComponent(id)}/actions/check-in`, {});
}

export function useCheckInVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkInVisit,
    // Refetch after a failure too: a 409 means the list on screen is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
  });
}
