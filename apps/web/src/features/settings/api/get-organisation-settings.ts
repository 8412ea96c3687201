import { organisationProfileSchema, type OrganisationProfile } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export async function getOrganisationSettings(): Promise<OrganisationProfile> {
  const response = await http.get<unknown>('/settings/organisation');
  return organisationProfileSchema.parse(response.data);
}

export const organisationSettingsQueryOptions = () => queryOptions({ queryKey: queryKeys.settings.organisation, queryFn: getOrganisationSettings });

export function useOrganisationSettings() {
  return useQuery(organisationSettingsQueryOptions());
}
