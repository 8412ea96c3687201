import { dayBookSchema, type DayBook, type DayCloseInput } from '@caredesk/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export async function getDayBook(date: string, facilityId: string | null): Promise<DayBook> {
  const response = await http.get<unknown>('/billing/day-book', { params: { date, ...(facilityId ? { facilityId } : {}) } });
  return dayBookSchema.parse(response.data);
}

export function useDayBook(date: string, facilityId: string | null) {
  return useQuery({ queryKey: queryKeys.billing.dayBook(date, facilityId), queryFn: () => getDayBook(date, facilityId), placeholderData: keepPreviousData });
}

export async function closeDay(input: DayCloseInput): Promise<DayBook> {
  const response = await http.post<unknown>('/billing/day-book/close', input);
  return dayBookSchema.parse(response.data);
}

export function useCloseDay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: closeDay,
    onSuccess: (book) => {
      client.setQueryData(queryKeys.billing.dayBook(book.date, book.facilityId), book);
      // The closed day's bills are now fixed.
      void client.invalidateQueries({ queryKey: queryKeys.billing.all });
    },
  });
}
