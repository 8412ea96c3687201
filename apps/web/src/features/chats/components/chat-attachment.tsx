import type { ChatAttachment } from '@caredesk/shared';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import { enqueueSnackbar } from '@/components/toast';
import { errorMessage } from '@/lib/http';
import { openAttachment, useAttachmentUrl } from '../api/attachments';
import { useT } from '../i18n';

const THUMBNAIL_SIZE = 180;

function open(uploadId: string) {
  openAttachment(uploadId).catch((error: unknown) => enqueueSnackbar(errorMessage(error), { variant: 'error' }));
}

function ImageThumbnail({ attachment }: { attachment: ChatAttachment }) {
  const t = useT();
  const url = useAttachmentUrl(attachment.uploadId);
  return (
    <ButtonBase aria-label={t('chats.open', { name: attachment.name })} onClick={() => open(attachment.uploadId)} sx={{ borderRadius: 1, overflow: 'hidden', display: 'block' }}>
      {url.data ? (
        <Box
          component="img"
          src={url.data}
          alt={attachment.name}
          sx={{ display: 'block', maxWidth: '100%', width: THUMBNAIL_SIZE, maxHeight: THUMBNAIL_SIZE, objectFit: 'cover' }}
        />
      ) : (
        <Skeleton variant="rectangular" width={THUMBNAIL_SIZE} height={THUMBNAIL_SIZE * 0.66} />
      )}
    </ButtonBase>
  );
}

/** An image as a thumbnail, a PDF as a chip; either opens a fresh signed link in a new tab. */
export function ChatAttachmentView({ attachment }: { attachment: ChatAttachment }) {
  const t = useT();
  if (attachment.mimeType.startsWith('image/')) return <ImageThumbnail attachment={attachment} />;
  return (
    <Chip
      icon={<PictureAsPdfOutlined />}
      label={attachment.name}
      onClick={() => open(attachment.uploadId)}
      aria-label={t('chats.open', { name: attachment.name })}
      sx={{ maxWidth: '100%', bgcolor: 'background.paper' }}
    />
  );
}
