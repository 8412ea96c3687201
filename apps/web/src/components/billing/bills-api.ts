import { billSchema, creditNoteReplySchema, paymentReplySchema, type Bill, type PaymentInput, type RefundInput } from '@caredesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** The visit's bill; the server makes it on the first read (consultation or scan, registration). */
export async function getVisitBill(visitId: string): Promise<Bill> {
  const response = await http.get<unknown>('/billing/bills', { params: { visitId } });
  return billSchema.parse(response.data);
}

export function useVisitBill(visitId: string | null) {
  return useQuery({ queryKey: queryKeys.billing.visitBill(visitId ?? ''), queryFn: () => getVisitBill(visitId!), enabled: Boolean(visitId) });
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
