import type { SxProps, Theme } from '@mui/material/styles';
import { FormTextField } from './form-text-field';
import { useT } from './i18n';

interface RoomFieldProps {
  /** A room this kind of record would have: 'Room 12, 2nd floor', 'MRI suite, ground floor'. */
  example: string;
  sx?: SxProps<Theme>;
}

/**
 * Where patients go when called (a doctor's room, a scan's or test's): the 'now being served'
 * message and the waiting-room display name it. At most 60 characters, as the shared schema says.
 */
export function RoomField({ example, sx }: RoomFieldProps) {
  const t = useT();
  return (
    <FormTextField name="room" label={t('records.room')} autoComplete="off" helperText={t('records.roomHelp', { example })} slotProps={{ htmlInput: { maxLength: 60 } }} sx={sx} />
  );
}
