import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { errorMessage } from '@/lib/http';
import { useMessages } from './api/get-messages';
import { useT } from './i18n';
import { MessageList } from './message-list';

/** A visit drawer's 'Messages': what the patient was sent about this visit (confirmation, reminders, calls). */
export function VisitMessages({ visitId }: { visitId: string }) {
  const t = useT();
  const messages = useMessages({ visitId, pageSize: 20 });
  const headingId = useId();
  const rows = messages.data?.data ?? [];
  let body;
  if (messages.isError) body = <Alert severity="error">{errorMessage(messages.error)}</Alert>;
  else if (messages.isPending) body = <Skeleton variant="rounded" height={56} />;
  else if (rows.length === 0)
    body = (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('message-list.noneForVisit')}
      </Typography>
    );
  else body = <MessageList label={t('message-list.aboutVisit')} messages={rows} />;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('message-list.heading')}
      </Typography>
      {body}
    </Box>
  );
}
