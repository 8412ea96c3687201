import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/button';
import { useT } from '@/i18n/use-t';
import { attachmentProblem, uploadAttachment } from '../api/upload-attachment';
import { fileSize } from '../chat-format';
import type { PendingAttachment } from '../use-send';
import { sendErrorText } from './send-error';

/** The server's CHAT_MESSAGE_MAX_LENGTH. */
const MAX_LENGTH = 2000;

type Attachment =
  | { status: 'uploading'; file: File; preview: string | null; progress: number; controller: AbortController }
  | { status: 'ready'; file: File; preview: string | null; upload: PendingAttachment }
  | { status: 'failed'; file: File; preview: string | null; error: string };

interface ComposerProps {
  /** Where an attachment is stored: the conversation's organisation. */
  organisationId: string;
  onSend: (text: string, attachment: PendingAttachment | null) => void;
}

/**
 * Text, and a photo (the camera on a phone) or a PDF, uploaded as soon as it is chosen with its
 * progress, so Send is quick. Enter adds a line; the Send button sends.
 */
export function Composer({ organisationId, onSend }: ComposerProps) {
  const t = useT();
  const textId = useId();
  const [text, setText] = useState('');
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // The preview's object URL and an upload still running go with the attachment.
  useEffect(
    () => () => {
      if (attachment?.preview) URL.revokeObjectURL(attachment.preview);
      if (attachment?.status === 'uploading') attachment.controller.abort();
    },
    [attachment?.file, attachment?.preview],
  );

  const choose = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const refused = attachmentProblem(file);
    if (refused) {
      setProblem(
        refused.kind === 'type'
          ? t('chats.attach.wrongType')
          : refused.pdf
            ? t('chats.attach.pdfTooLarge', { megabytes: refused.megabytes })
            : t('chats.attach.imageTooLarge', { megabytes: refused.megabytes }),
      );
      return;
    }
    setProblem(null);
    const preview = file.type.startsWith('image/') && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    const controller = new AbortController();
    setAttachment({ status: 'uploading', file, preview, progress: 0, controller });
    const progress = (percent: number) => setAttachment((current) => (current?.file === file && current.status === 'uploading' ? { ...current, progress: percent } : current));
    uploadAttachment(organisationId, file, { onProgress: progress, signal: controller.signal }).then(
      (upload) =>
        setAttachment((current) =>
          current?.file === file ? { status: 'ready', file, preview, upload: { uploadId: upload.id, name: upload.name, mimeType: upload.mimeType, size: upload.size } } : current,
        ),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setAttachment((current) => (current?.file === file ? { status: 'failed', file, preview, error: sendErrorText(t, error) } : current));
      },
    );
  };

  const canSend = attachment?.status !== 'uploading' && attachment?.status !== 'failed' && (text.trim().length > 0 || attachment?.status === 'ready');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    onSend(text.trim(), attachment?.status === 'ready' ? attachment.upload : null);
    setText('');
    setAttachment(null);
  };
  // Ctrl/⌘+Enter sends from a keyboard; a plain Enter is a new line, as on a phone.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
  };

  return (
    <form className="chat-composer" onSubmit={submit} aria-label={t('chats.composer')}>
      {attachment && (
        <div className="chat-composer__attachment">
          {attachment.preview ? (
            <img src={attachment.preview} alt={t('chats.attach.preview', { name: attachment.file.name })} />
          ) : (
            <span className="chat-attachment__icon">PDF</span>
          )}
          <div className="chat-composer__attachment-body">
            <span className="chat-composer__attachment-name">{attachment.file.name}</span>
            <span className="chat-composer__attachment-size">{fileSize(attachment.file.size)}</span>
            {attachment.status === 'uploading' && (
              <progress max={100} value={attachment.progress} aria-label={t('chats.attach.uploading', { name: attachment.file.name })}>
                {attachment.progress}%
              </progress>
            )}
            {attachment.status === 'ready' && <span className="chat-composer__attachment-ready">{t('chats.attach.ready')}</span>}
            {attachment.status === 'failed' && (
              <span role="alert" className="chat-composer__error">
                {attachment.error}
              </span>
            )}
          </div>
          <Button variant="quiet" aria-label={t('chats.attach.remove', { name: attachment.file.name })} onClick={() => setAttachment(null)}>
            ✕
          </Button>
        </div>
      )}
      {problem && (
        <p role="alert" className="chat-composer__error">
          {problem}
        </p>
      )}
      <div className="chat-composer__row">
        <label className="button button--secondary chat-composer__attach">
          <input
            ref={fileInput}
            className="visually-hidden"
            type="file"
            accept="image/*,application/pdf"
            aria-label={t('chats.attach.label')}
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="m21 11-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l8.6-8.6a3.7 3.7 0 0 1 5.2 5.2l-8.6 8.6a1.8 1.8 0 0 1-2.6-2.6l7.9-7.9" />
          </svg>
        </label>
        <label className="visually-hidden" htmlFor={textId}>
          {t('chats.messageLabel')}
        </label>
        <textarea
          id={textId}
          className="chat-composer__text"
          rows={1}
          maxLength={MAX_LENGTH}
          placeholder={t('chats.placeholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={!canSend}>
          {t('chats.send')}
        </Button>
      </div>
    </form>
  );
}
