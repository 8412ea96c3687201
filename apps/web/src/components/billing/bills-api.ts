import {
  billPaymentLinkSchema,
  billSchema,
  creditNoteReplySchema,
  paymentReplySchema,
  type Bill,
  type BillPaymentLink,
  type BillPaymentLinkInput,
  type PaymentInput,
  type RefundInput,
} from '@caredesk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** The visit's bill; the server makes it on the first read (consultation or scan, registration). */
export async function getVisitBill(visitId: string): Promise<Bill> {
  const response = await http.get<unknown>('/billing/bills', { params: { visitId } });
  return billSchema.parse(response.data);
}

export const visitBillQueryOptions = (visitId: string) => queryOptions({ queryKey: queryKeys.billing.visitBill(visitId), queryFn: () => getVisitBill(visitId) });

export function useVisitBill(visitId: string | null) {
  return useQuery({ ...visitBillQueryOptions(visitId ?? ''), enabled: Boolean(visitId) });
}

export async function collectPayment(billId: string, input: PaymentInput) {
  const response = await http.post<unknown>(`/billing/bills/${encodeURIComponent(billId)}/payments`, input);
  return paymentReplySchema.parse(response.data);
}

export async function refundPayment(billId: string, input: RefundInput) {
  const response = await http.post<unknown>(`/billing/bills/${encodeURIComponent(billId)}/refunds`, input);
  return creditNoteReplySchema.parse(response.data);
}

/** After money moved: the bill as answered, and every day book (its figures changed). */
function useBillChange<Input, Reply extends { bill: Bill }>(send: (billId: string, input: Input) => Promise<Reply>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ billId, input }: { billId: string; input: Input }) => send(billId, input),
    onSuccess: (reply) => {
      client.setQueryData(queryKeys.billing.bill(reply.bill.id), reply.bill);
      const visitId = reply.bill.appointmentId ?? reply.bill.bookingId;
      if (visitId) client.setQueryData(queryKeys.billing.visitBill(visitId), reply.bill);
      void client.invalidateQueries({ queryKey: [...queryKeys.billing.all, 'day-book'] });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard.all });
    },
  });
}

export const useCollectPayment = () => useBillChange(collectPayment);
export const useRefundPayment = () => useBillChange(refundPayment);

/** A payment link (or UPI QR) for the amount the desk entered; it replaces the bill's live link. */
export async function createPaymentLink(billId: string, input: BillPaymentLinkInput): Promise<BillPaymentLink> {
  const response = await http.post<unknown>(`/billing/bills/${encodeURIComponent(billId)}/payment-links`, input);
  return billPaymentLinkSchema.parse(response.data);
}

export async function getPaymentLink(linkId: string): Promise<BillPaymentLink> {
  const response = await http.get<unknown>(`/billing/payment-links/${encodeURIComponent(linkId)}`);
  return billPaymentLinkSchema.parse(response.data);
}

export async function cancelPaymentLink(linkId: string): Promise<BillPaymentLink> {
  const response = await http.post<unknown>(`/billing/payment-links/${encodeURIComponent(linkId)}/cancel`, {});
  return billPaymentLinkSchema.parse(response.data);
}

/** How often a live link is asked after, in case the socket that announces its payment is down. */
export const LINK_POLL_MS = 3000;

/**
 * A link the desk waits on. bill.updated refreshes it the moment the gateway settles it; the
 * poll is the fallback, and stops once the link is no longer live.
 */
export const paymentLinkQueryOptions = (linkId: string) =>
  queryOptions({
    queryKey: queryKeys.billing.paymentLink(linkId),
    queryFn: () => getPaymentLink(linkId),
    refetchInterval: (query) => (query.state.data?.status === 'ACTIVE' ? LINK_POLL_MS : false),
  });

export function usePaymentLink(linkId: string | null) {
  return useQuery({ ...paymentLinkQueryOptions(linkId ?? ''), enabled: Boolean(linkId) });
}

/** The link as answered, so the dialog shows it without a second request. */
function useLinkChange<Variables>(send: (variables: Variables) => Promise<BillPaymentLink>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (link) => client.setQueryData(queryKeys.billing.paymentLink(link.id), link),
  });
}

export const useCreatePaymentLink = () => useLinkChange(({ billId, input }: { billId: string; input: BillPaymentLinkInput }) => createPaymentLink(billId, input));
export const useCancelPaymentLink = () => useLinkChange(cancelPaymentLink);
