import { signedUrlSchema, type ChatAttachment } from '@caredesk/shared';
import { useQuery } from '@tanstack/react-query';
import { uploadFile } from '@/components/upload-image';
import { env } from '@/config/env';
import { http } from '@/lib/http';

/** Uploads a chat attachment: always private, so it is reachable only through signed links. */
export async function uploadChatAttachment(file: File, onProgress: (percent: number) => void): Promise<ChatAttachment> {
  const upload = await uploadFile({ file, visibility: 'private', onProgress });
  return { uploadId: upload.id, name: upload.name, mimeType: upload.mimeType, size: upload.size };
}

/** A short-lived link to a private upload; the server answers with a path under its own origin. */
export async function getAttachmentUrl(uploadId: string): Promise<string> {
  const response = await http.get<unknown>(`/uploads/${encodeURIComponent(uploadId)}/signed-url`);
  const { url } = signedUrlSchema.parse(response.data);
  return new URL(url, new URL(env.apiBase, window.location.origin)).toString();
}

/**
 * The link an image thumbnail shows. Kept outside ['chat'] on purpose: every chat.message
 * invalidates that prefix, and a new link each time would download every image again.
 */
export function useAttachmentUrl(uploadId: string) {
  return useQuery({ queryKey: ['uploads', 'signed-url', uploadId], queryFn: () => getAttachmentUrl(uploadId), staleTime: 4 * 60_000 });
}

/**
 * Opens an attachment in a new tab. The tab is opened at the click, before the link is fetched,
 * so a popup blocker lets it through; the attachment's page must not reach back into the console.
 */
export async function openAttachment(uploadId: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await getAttachmentUrl(uploadId);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.open(url, '_blank', 'noopener');
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
