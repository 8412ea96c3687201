import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useT } from './i18n';

/** Print and Done under a slip (used after booking and by the Print slip action). */
export function SlipActions({ onDone }: { onDone: () => void }) {
  const t = useT();
  return (
    <DialogActions>
      <Button startIcon={<PrintOutlined />} onClick={() => window.print()}>
        {t('visits.print')}
      </Button>
      <Button variant="contained" onClick={onDone}>
        {t('visits.done')}
      </Button>
    </DialogActions>
  );
}

interface SlipDialogProps {
  /** 'Appointment slip', 'Booking slip'. */
  title: string;
  open: boolean;
  onClose: () => void;
  /** The slip itself (a VisitSlip). */
  children: ReactNode;
}

export function SlipDialog({ title, open, onClose, children }: SlipDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="slip-dialog-title">
      <DialogTitle id="slip-dialog-title">{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <SlipActions onDone={onClose} />
    </Dialog>
  );
}
