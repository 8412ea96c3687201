import type { Patient } from '@caredesk/shared';
import Alert from '@mui/material/Alert';
import { enqueueSnackbar } from '@/components/toast';
import { ConfirmDialog } from '@/components/records/confirm-dialog';
import { errorMessage, errorStatus } from '@/lib/http';
import { useDeletePatient } from '../api/delete-patient';

interface DeletePatientDialogProps {
  patient: Patient;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

/** Deleting is for records made by mistake: a patient with visits keeps the record (409). */
export function DeletePatientDialog({ patient, open, onClose, onDeleted }: DeletePatientDialogProps) {
  const remove = useDeletePatient();
  const inUse = errorStatus(remove.error) === 409;
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = () =>
    remove.mutate(patient.id, {
      onSuccess: () => {
        enqueueSnackbar(`${patient.name} deleted`, { variant: 'success' });
        onDeleted();
      },
      onError: (error) => {
        if (errorStatus(error) !== 409) enqueueSnackbar(errorMessage(error), { variant: 'error' });
      },
    });

  return (
    <ConfirmDialog
      open={open}
      title={`Delete ${patient.name}?`}
      message={
        inUse ? (
          <Alert severity="warning">{patient.name} has appointments or bookings, so the record cannot be deleted: their history must stay.</Alert>
        ) : (
          'The record is removed for good. This cannot be undone.'
        )
      }
      confirmLabel={inUse ? 'OK' : 'Delete'}
      cancelLabel={inUse ? 'Close' : 'Cancel'}
      destructive={!inUse}
      pending={remove.isPending}
      onConfirm={inUse ? close : confirm}
      onClose={close}
    />
  );
}
