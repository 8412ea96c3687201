import type { Appointment } from '@caredesk/shared';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { AppointmentSlip } from './appointment-slip';

/** Print and Done under a slip (used after booking and by the Print slip action). */
export function SlipActions({ onDone }: { onDone: () => void }) {
  return (
    <DialogActions>
      <Button startIcon={<PrintOutlined />} onClick={() => window.print()}>
        Print
      </Button>
      <Button variant="contained" onClick={onDone}>
        Done
      </Button>
    </DialogActions>
  );
}

export function SlipDialog({ appointment, open, onClose }: { appointment: Appointment; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="slip-dialog-title">
      <DialogTitle id="slip-dialog-title">Appointment slip</DialogTitle>
      <DialogContent>
        <AppointmentSlip appointment={appointment} />
      </DialogContent>
      <SlipActions onDone={onClose} />
    </Dialog>
  );
}
