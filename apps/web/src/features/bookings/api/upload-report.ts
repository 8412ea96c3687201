import { bookingSchema, type Booking } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '@/components/upload-image';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export interface UploadReportInput {
  bookingId: string;
  /** A PDF: the upload call stores it private, reachable only through signed links. */
  file: File;
  /** 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
}

/**
 * Uploads the PDF, then attaches it: COMPLETED -> REPORT_READY, or a corrected report for one
 * already REPORT_READY. 409 when the booking is not completed yet.
 */
export async function uploadReport({ bookingId, file, onProgress }: UploadReportInput): Promise<Booking> {
  const upload = await uploadFile({ file, visibility: 'private', onProgress });
  const response = await http.post<unknown>(`/bookings/${encodeURIComponent(bookingId)}/report`, { uploadId: upload.id });
  return bookingSchema.parse(response.data);
}

export function useUploadReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadReport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all }),
  });
}
