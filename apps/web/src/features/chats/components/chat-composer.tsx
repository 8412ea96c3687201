import { CHAT_MESSAGE_MAX_LENGTH, type ChatAttachment } from '@caredesk/shared';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { imageProblem, pdfProblem } from '@/components/upload-image';
import { TOAST_CLEAR_ATTRIBUTE } from '@/components/toast-clear';
import { errorMessage } from '@/lib/http';
import { uploadChatAttachment } from '../api/attachments';
import { useT } from '../i18n';

const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf,.pdf';

type Attaching = { state: 'uploading'; name: string; progress: number } | { state: 'ready'; attachment: ChatAttachment } | { state: 'failed'; problem: string };

/** Why a chat attachment cannot go (images and PDFs only), checked before uploading. */
function attachmentProblem(file: File, t: ReturnType<typeof useT>): string | null {
  if (file.type === 'application/pdf') return pdfProblem(file);
  if (file.type.startsWith('image/')) return imageProblem(file);
  return t('chats.wrongFileType');
}

/**
 * The composer: Enter sends, Shift+Enter starts a new line, a counter against the 2,000-character
 * limit; an attachment is uploaded (private) as soon as it is chosen and goes with the next send.
 */
export function ChatComposer({ onSend }: { onSend: (text: string, attachment: ChatAttachment | null) => void }) {
  const t = useT();
  const inputId = useId();
  const [text, setText] = useState('');
  const [attaching, setAttaching] = useState<Attaching | null>(null);
  const tooLong = text.length > CHAT_MESSAGE_MAX_LENGTH;
  const attachment = attaching?.state === 'ready' ? attaching.attachment : null;
  const canSend = !tooLong && attaching?.state !== 'uploading' && (text.trim().length > 0 || attachment !== null);

  const send = () => {
    if (!canSend) return;
    onSend(text, attachment);
    setText('');
    setAttaching(null);
  };

  const attach = (file: File | undefined) => {
    if (!file) return;
    const problem = attachmentProblem(file, t);
    if (problem) {
      setAttaching({ state: 'failed', problem });
      return;
    }
    setAttaching({ state: 'uploading', name: file.name, progress: 0 });
    uploadChatAttachment(file, (progress) => setAttaching({ state: 'uploading', name: file.name, progress }))
      .then((uploaded) => setAttaching({ state: 'ready', attachment: uploaded }))
      .catch((error: unknown) => setAttaching({ state: 'failed', problem: errorMessage(error) }));
  };

  return (
    <Box
      component="form"
      aria-label={t('chats.writeMessage')}
      {...{ [TOAST_CLEAR_ATTRIBUTE]: '' }}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, p: { xs: 1, sm: 1.5 }, borderTop: 1, borderColor: 'divider' }}
    >
      {attaching?.state === 'uploading' ? (
        <Box>
          <Typography variant="caption">{t('chats.uploadingFile', { name: attaching.name })}</Typography>
          <LinearProgress variant="determinate" value={attaching.progress} aria-label={t('chats.uploadingAttachment')} />
        </Box>
      ) : null}
      {attachment ? <Chip label={attachment.name} onDelete={() => setAttaching(null)} sx={{ alignSelf: 'flex-start', maxWidth: '100%' }} /> : null}
      {attaching?.state === 'failed' ? (
        <Typography role="alert" variant="caption" sx={{ color: 'error.main' }}>
          {attaching.problem}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
        <Tooltip title={t('chats.attachFile')}>
          <IconButton component="label" htmlFor={inputId} aria-label={t('chats.attachFile')} disabled={attaching?.state === 'uploading'}>
            <AttachFileOutlined />
          </IconButton>
        </Tooltip>
        <input
          id={inputId}
          type="file"
          hidden
          accept={ACCEPT}
          data-testid="chat-attachment-input"
          onChange={(event) => {
            attach(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <TextField
          label={t('chats.message')}
          multiline
          maxRows={6}
          fullWidth
          size="small"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter sends; Shift+Enter (and Enter while an IME is composing) is a line break.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              send();
            }
          }}
          error={tooLong}
          helperText={`${text.length} / ${CHAT_MESSAGE_MAX_LENGTH}`}
          slotProps={{ formHelperText: { sx: { textAlign: 'right', mr: 0 }, 'aria-live': 'polite' } }}
        />
        <Button type="submit" variant="contained" endIcon={<SendOutlined />} disabled={!canSend} sx={{ mb: 3 }}>
          {t('chats.send')}
        </Button>
      </Box>
    </Box>
  );
}
