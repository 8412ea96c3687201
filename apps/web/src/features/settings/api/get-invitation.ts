import { invitationSchema, type Invitation } from '@caredesk/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** Public: unknown, used or expired links answer 404. */
export async function getInvitation(token: string): Promise<Invitation> {
  const response = await http.get<unknown>(`/invitations/${encodeURIComponent(token)}`, { skipAuthRefresh: true });
  return invitationSchema.parse(response.data);
}

export function useInvitation(token: string) {
  return useQuery({ queryKey: queryKeys.invitation(token), queryFn: () => getInvitation(token), retry: false });
}
