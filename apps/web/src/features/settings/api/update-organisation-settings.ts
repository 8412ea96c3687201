import { organisationProfileSchema, sessionUserSchema, type OrganisationProfile, type OrganisationUpdate } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { storeUser } from '@/lib/session';
import { accountQueryOptions } from './get-account';
import { organisationSettingsQueryOptions } from './get-organisation-settings';

export async function updateOrganisationSettings(changes: OrganisationUpdate): Promise<OrganisationProfile> {
  const response = await http.patch<unknown>('/settings/organisation', changes);
  return organisationProfileSchema.parse(response.data);
}

/**
 * The stored session user carries the organisation's name and logo (the header reads them), so
 * after a save it is reloaded from GET /api/me: the header shows the new logo at once.
 */
async function refreshSessionUser(): Promise<void> {
  const response = await http.get<unknown>('/me');
  storeUser(sessionUserSchema.parse(response.data));
}

export function useUpdateOrganisationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganisationSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(organisationSettingsQueryOptions().queryKey, saved);
      // The idle sign-out follows the organisation's new setting without a reload.
      await queryClient.invalidateQueries({ queryKey: accountQueryOptions().queryKey });
      await refreshSessionUser();
    },
  });
}
