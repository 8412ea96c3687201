import { useMutation, useQueryClient } from '@tanstack/react-query';
import { onlineBookingSettingsQueryOptions } from './get-online-booking-settings';
import { organisationSettingsQueryOptions } from './get-organisation-settings';
import { updateOrganisationSettings } from './update-organisation-settings';

/** The slug lives on the organisation (PATCH /api/settings/organisation); both pages show it. */
export function useUpdatePublicAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) => updateOrganisationSettings({ slug }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(organisationSettingsQueryOptions().queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: onlineBookingSettingsQueryOptions().queryKey });
    },
  });
}
