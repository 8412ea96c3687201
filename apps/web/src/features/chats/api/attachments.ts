import type { ChatAttachment } from '@caredesk/shared';
import { useQuery } from '@tanstack/react-query';
import { uploadFile } from '@/components/upload-image';
import { getSignedUrl, openSignedUpload } from '@/components/uploads/signed-url';
import { queryKeys } from '@/lib/query-keys';

/** Uploads a chat attachment: always private, so it is reachable only through signed links. */
export async function uploadChatAttachment(file: File, onProgress: (percent: number) => void): Promise<ChatAttachment> {
  const upload = await uploadFile({ file, visibility: 'private', onProgress });
  return { uploadId: upload.id, name: upload.name, mimeType: upload.mimeType, size: upload.size };
}

/**
 * The link an image thumbnail shows. Kept outside ['chat'] on purpose: every chat.message
 * invalidates that prefix, and a new link each time would download every image again.
 */
export function useAttachmentUrl(uploadId: string) {
  return useQuery({ queryKey: queryKeys.uploads.signedUrl(uploadId), queryFn: () => getSignedUrl(uploadId), staleTime: 4 * 60_000 });
}

/** Opens an attachment in a new tab through a short-lived signed link. */
export const openAttachment = openSignedUpload;
