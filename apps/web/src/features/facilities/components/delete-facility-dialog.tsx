import type { Facility } from '@caredesk/shared';
import Alert from '@mui/material/Alert';
import { enqueueSnackbar } from '@/components/toast';
import { ConfirmDialog } from '@/components/records/confirm-dialog';
import { errorMessage, errorStatus } from '@/lib/http';
import { useDeleteFacility } from '../api/delete-facility';

interface DeleteFacilityDialogProps {
  facility: Facility;
  onClose: () => void;
}

/** Asks first; a 409 (still in use, or the last facility) stays in the dialog with the server's reason. */
export function DeleteFacilityDialog({ facility, onClose }: DeleteFacilityDialogProps) {
  const remove = useDeleteFacility();
  const refused = errorStatus(remove.error) === 409;
  const confirm = () =>
    remove.mutate(facility.id, {
      onSuccess: () => {
        enqueueSnackbar(`${facility.name} deleted`, { variant: 'success' });
        onClose();
      },
      onError: (error) => {
        if (errorStatus(error) !== 409) enqueueSnackbar(errorMessage(error), { variant: 'error' });
      },
    });
  return (
    <ConfirmDialog
      open
      title={`Delete ${facility.name}?`}
      message={refused ? <Alert severity="warning">{errorMessage(remove.error)}</Alert> : 'Doctors and services must be moved to another facility first.'}
      confirmLabel={refused ? 'OK' : 'Delete'}
      cancelLabel={refused ? 'Close' : 'Cancel'}
      destructive={!refused}
      pending={remove.isPending}
      onConfirm={refused ? onClose : confirm}
      onClose={onClose}
    />
  );
}
