import { messageStatusLabels, type MessageStatus } from '@caredesk/shared';
import Chip from '@mui/material/Chip';
import { messageStatusColors } from './message-format';

export function MessageStatusChip({ status }: { status: MessageStatus }) {
  return <Chip size="small" label={messageStatusLabels[status]} color={messageStatusColors[status]} variant={status === 'CANCELLED' ? 'outlined' : 'filled'} />;
}
