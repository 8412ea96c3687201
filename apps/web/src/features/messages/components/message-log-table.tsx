import type { MessageLogItem } from '@caredesk/shared';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Fragment, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { channelText, fPaise, messageEventText, messageTime, retryable } from '@/components/messages/message-format';
import { MessageStatusChip } from '@/components/messages/message-status-chip';
import { visuallyHidden } from '@/components/visually-hidden';
import { paths } from '@/config/paths';
import { fDateTime } from '@/lib/format';
import { useT } from '../i18n';
import { MessageDetails } from './message-details';

interface MessageLogTableProps {
  messages: readonly MessageLogItem[];
  loading: boolean;
  /** Admins may retry a failed or skipped message. */
  onRetry?: (message: MessageLogItem) => void;
  /** The message whose retry is in flight. */
  retryingId: string | null;
}

const COLUMNS = 8;

/**
 * The log as a table; each row opens in place to show the text, the masked number and the status
 * timeline. Below md the table scrolls sideways inside its card, as the other logs do.
 */
export function MessageLogTable({ messages, loading, onRetry, retryingId }: MessageLogTableProps) {
  const t = useT();
  const [open, setOpen] = useState<string | null>(null);
  return (
    // Relative: the visually hidden header texts are placed inside the scrolling box, not the page.
    <TableContainer sx={{ overflowX: 'auto', position: 'relative' }}>
      <Table size="small" aria-label={t('messages.table')} aria-busy={loading} sx={{ minWidth: 760, opacity: loading ? 0.6 : 1 }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Box component="span" sx={visuallyHidden}>
                {t('messages.col.details')}
              </Box>
            </TableCell>
            <TableCell>{t('messages.col.time')}</TableCell>
            <TableCell>{t('messages.col.patient')}</TableCell>
            <TableCell>{t('messages.col.event')}</TableCell>
            <TableCell>{t('messages.col.channel')}</TableCell>
            <TableCell>{t('messages.col.status')}</TableCell>
            <TableCell align="right">{t('messages.col.cost')}</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                {t('messages.col.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {messages.map((message) => {
            const expanded = open === message.id;
            const detailsId = `message-details-${message.id}`;
            return (
              <Fragment key={message.id}>
                <TableRow sx={{ '& > td': { borderBottom: expanded ? 'none' : undefined } }}>
                  <TableCell padding="checkbox">
                    <IconButton
                      size="small"
                      aria-label={t('messages.showDetails')}
                      aria-expanded={expanded}
                      aria-controls={expanded ? detailsId : undefined}
                      onClick={() => setOpen(expanded ? null : message.id)}
                    >
                      {expanded ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
                    </IconButton>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{fDateTime(messageTime(message))}</TableCell>
                  <TableCell>
                    {message.patientId ? (
                      <Link component={RouterLink} to={paths.record(paths.patients, message.patientId)}>
                        {message.patientName ?? t('messages.patient')}
                      </Link>
                    ) : (
                      '-'
                    )}
                  </TableCell>
                  <TableCell>{messageEventText(message)}</TableCell>
                  <TableCell>{channelText(message)}</TableCell>
                  <TableCell>
                    <MessageStatusChip status={message.status} />
                  </TableCell>
                  <TableCell align="right">{fPaise(message.costPaise)}</TableCell>
                  <TableCell>
                    {onRetry && retryable(message.status) ? (
                      <Button size="small" variant="outlined" onClick={() => onRetry(message)} loading={retryingId === message.id}>
                        {t('messages.retry')}
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
                {expanded ? (
                  <TableRow id={detailsId}>
                    <TableCell colSpan={COLUMNS}>
                      <MessageDetails message={message} />
                    </TableCell>
                  </TableRow>
                ) : null}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
