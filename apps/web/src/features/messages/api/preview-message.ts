import { messagePreviewSchema, type ConfigurableMessageEvent, type MessageLanguage } from '@caredesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

interface PreviewRequest {
  event: ConfigurableMessageEvent;
  language: MessageLanguage;
  template: string;
}

/** POST /api/messages/preview: the template with sample values filled in, as a patient reads it. */
export async function previewMessage(request: PreviewRequest, signal?: AbortSignal): Promise<string> {
  const response = await http.post<unknown>('/messages/preview', request, { signal });
  return messagePreviewSchema.parse(response.data).text;
}

// A read that happens to be a POST (the template is too long for a URL): cached by its text.
export const messagePreviewQueryOptions = (request: PreviewRequest) =>
  queryOptions({
    queryKey: queryKeys.settings.messagePreview(request.event, request.language, request.template),
    queryFn: ({ signal }) => previewMessage(request, signal),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });

/** The preview of the text as it stood a moment ago (the caller debounces); none for an empty text. */
export function useMessagePreview(request: PreviewRequest) {
  return useQuery({ ...messagePreviewQueryOptions(request), enabled: request.template.trim() !== '' });
}
