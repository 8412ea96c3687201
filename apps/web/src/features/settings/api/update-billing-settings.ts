import { billingSettingsSchema, facilityBillingSchema, type BillingSettings, type FacilityBilling } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { billingSettingsQueryOptions, facilityBillingQueryOptions } from './get-billing-settings';

/** PATCH /api/billing/settings (administrators): answers the whole settings. */
export async function updateBillingSettings(changes: Partial<BillingSettings>): Promise<BillingSettings> {
  const response = await http.patch<unknown>('/billing/settings', changes);
  return billingSettingsSchema.parse(response.data);
}

export function useUpdateBillingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBillingSettings,
    onSuccess: (saved) => queryClient.setQueryData(billingSettingsQueryOptions().queryKey, saved),
  });
}

export type FacilityBillingChanges = Partial<Omit<FacilityBilling, 'facilityId' | 'facilityName'>>;

/** PATCH /api/billing/facilities/{id} (administrators): one facility's prefixes, GSTIN and fees. */
export async function updateFacilityBilling({ facilityId, changes }: { facilityId: string; changes: FacilityBillingChanges }): Promise<FacilityBilling> {
  const response = await http.patch<unknown>(`/billing/facilities/${encodeURIComponent(facilityId)}`, changes);
  return facilityBillingSchema.parse(response.data);
}

export function useUpdateFacilityBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFacilityBilling,
    onSuccess: (saved) =>
      queryClient.setQueryData(facilityBillingQueryOptions().queryKey, (list) => list?.map((facility) => (facility.facilityId === saved.facilityId ? saved : facility))),
  });
}
