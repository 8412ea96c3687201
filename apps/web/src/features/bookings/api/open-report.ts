import { useMutation } from '@tanstack/react-query';
import { openSignedUpload } from '@/components/uploads/signed-url';

/** Opens the report (a private PDF) in a new tab through a short-lived signed link. */
export function useOpenReport() {
  return useMutation({ mutationFn: openSignedUpload });
}
