import { billingSettingsSchema, facilityBillingSchema, type BillingSettings, type FacilityBilling } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/billing/settings: the organisation's fees, follow-up windows, taxes and discount limit. */
export async function getBillingSettings(signal?: AbortSignal): Promise<BillingSettings> {
  const response = await http.get<unknown>('/billing/settings', { signal });
  return billingSettingsSchema.parse(response.data);
}

const facilityBillingListSchema = z.object({ data: z.array(facilityBillingSchema) });

/** GET /api/billing/facilities: each facility's prefixes, GSTIN and own fees (its defaults until an admin sets them). */
export async function getFacilityBilling(signal?: AbortSignal): Promise<FacilityBilling[]> {
  const response = await http.get<unknown>('/billing/facilities', { signal });
  return facilityBillingListSchema.parse(response.data).data;
}

export const billingSettingsQueryOptions = () => queryOptions({ queryKey: queryKeys.settings.billing, queryFn: ({ signal }) => getBillingSettings(signal) });
export const facilityBillingQueryOptions = () => queryOptions({ queryKey: queryKeys.settings.billingFacilities, queryFn: ({ signal }) => getFacilityBilling(signal) });

export function useBillingSettings() {
  return useQuery(billingSettingsQueryOptions());
}

export function useFacilityBilling() {
  return useQuery(facilityBillingQueryOptions());
}
