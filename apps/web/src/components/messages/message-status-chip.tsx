import type { MessageStatus } from '@caredesk/shared';
import Chip from '@mui/material/Chip';
import { useT } from './i18n';
import { messageStatusColors, messageStatusText } from './message-format';

export function MessageStatusChip({ status }: { status: MessageStatus }) {
  // The shared label is read at render: the chip renders again when the language changes.
  useT();
  return <Chip size="small" label={messageStatusText(status)} color={messageStatusColors[status]} variant={status === 'CANCELLED' ? 'outlined' : 'filled'} />;
}
