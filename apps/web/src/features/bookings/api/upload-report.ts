import { bookingSchema, type Booking } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '@/components/upload-image';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export interface UploadReportInput {
  bookingId: string;
  /** One test of a package booking: its own report. Without it, the booking's report. */
  testId?: string;
  /** A PDF: the upload call stores it private, reachable only through signed links. */
  file: File;
  /** 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
}

/**
 * Uploads the PDF, then attaches it: COMPLETED -> REPORT_READY, or a corrected report for one
 * already REPORT_READY. A package's test takes its own; the last one makes the booking
 * REPORT_READY. 409 when the booking is not completed yet (or, for a package, without a test).
 */
export async function uploadReport({ bookingId, testId, file, onProgress }: UploadReportInput): Promise<Booking> {
  const upload = await uploadFile({ file, visibility: 'private', onProgress });
  const booking = `/bookings/${encodeURIComponent(bookingId)}`;
  const path = testId ? `${booking}/tests/${encodeURIComponent(testId)}/report` : `${booking}/report`;
  const response = await http.post<unknown>(path, { uploadId: upload.id });
  return bookingSchema.parse(response.data);
}

export function useUploadReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadReport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all }),
  });
}
