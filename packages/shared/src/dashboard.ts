import { z } from 'zod';

/** GET /api/dashboard/summary: the first figures of the dashboard (area 'dashboard'). */
export const dashboardSummarySchema = z.object({
  staffCount: z.number().int(),
  unreadNotifications: z.number().int(),
  /** Rupees, two decimals, like GET /api/wallet. */
  walletBalance: z.number(),
  planActive: z.boolean(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
