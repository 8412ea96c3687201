import type { SxProps, Theme } from '@mui/material/styles';
import { FormTextField } from './form-text-field';

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
  return (
    <FormTextField name="room" label="Room" autoComplete="off" helperText={`Where patients go when called, e.g. ${example}`} slotProps={{ htmlInput: { maxLength: 60 } }} sx={sx} />
  );
}
