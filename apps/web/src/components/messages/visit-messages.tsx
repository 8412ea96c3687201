import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { errorMessage } from '@/lib/http';
import { useMessages } from './api/get-messages';
import { MessageList } from './message-list';

/** A visit drawer's 'Messages': what the patient was sent about this visit (confirmation, reminders, calls). */
export function VisitMessages({ visitId }: { visitId: string }) {
  const messages = useMessages({ visitId, pageSize: 20 });
  const headingId = useId();
  const rows = messages.data?.data ?? [];
  let body;
  if (messages.isError) body = <Alert severity="error">{errorMessage(messages.error)}</Alert>;
  else if (messages.isPending) body = <Skeleton variant="rounded" height={56} />;
  else if (rows.length === 0)
    body = (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No messages about this visit yet.
      </Typography>
    );
  else body = <MessageList label="Messages about this visit" messages={rows} />;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        Messages
      </Typography>
      {body}
    </Box>
  );
}
