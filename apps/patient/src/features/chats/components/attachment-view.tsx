import type { PatientChatAttachment } from '@caredesk/shared';
import { useState } from 'react';
import { useT } from '@/i18n/use-t';
import { fileSize } from '../chat-format';

/**
 * A photo as a thumbnail, a PDF as a link; either opens in a new tab through its signed link.
 * The thumbnail keeps its first link: the thread is read again every few minutes for fresh
 * links, and a new address would download every photo again on the patient's data.
 */
export function AttachmentView({ attachment }: { attachment: PatientChatAttachment }) {
  const t = useT();
  const [src] = useState(attachment.url);
  const label = t('chats.openAttachment', { name: attachment.name });
  if (attachment.mimeType.startsWith('image/')) {
    return (
      <a className="chat-attachment chat-attachment--image" href={attachment.url} target="_blank" rel="noopener noreferrer" aria-label={label}>
        <img src={src} alt={attachment.name} loading="lazy" />
      </a>
    );
  }
  return (
    <a className="chat-attachment chat-attachment--file" href={attachment.url} target="_blank" rel="noopener noreferrer" aria-label={label}>
      <span aria-hidden="true" className="chat-attachment__icon">
        PDF
      </span>
      <span className="chat-attachment__name">{attachment.name}</span>
      <span className="chat-attachment__size">{fileSize(attachment.size)}</span>
    </a>
  );
}
