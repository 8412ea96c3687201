import type { Patient } from '@caredesk/shared';
import Alert from '@mui/material/Alert';
import { enqueueSnackbar } from '@/components/toast';
import { ConfirmDialog } from '@/components/records/confirm-dialog';
import { errorMessage, errorStatus } from '@/lib/http';
import { useDeletePatient } from '../api/delete-patient';
import { useT } from '../i18n';

interface DeletePatientDialogProps {
  patient: Patient;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

/** Deleting is for records made by mistake: a patient with visits keeps the record (409). */
export function DeletePatientDialog({ patient, open, onClose, onDeleted }: DeletePatientDialogProps) {
  const t = useT();
  const remove = useDeletePatient();
  const inUse = errorStatus(remove.error) === 409;
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = () =>
    remove.mutate(patient.id, {
      onSuccess: () => {
        enqueueSnackbar(t('patients.deleted', { name: patient.name }), { variant: 'success' });
        onDeleted();
      },
      onError: (error) => {
        if (errorStatus(error) !== 409) enqueueSnackbar(errorMessage(error), { variant: 'error' });
      },
    });

  return (
    <ConfirmDialog
      open={open}
      title={t('patients.delete.title', { name: patient.name })}
      message={inUse ? <Alert severity="warning">{t('patients.delete.inUse', { name: patient.name })}</Alert> : t('patients.delete.message')}
      confirmLabel={inUse ? t('patients.delete.ok') : t('patients.delete.confirm')}
      cancelLabel={inUse ? t('patients.delete.close') : t('patients.delete.cancel')}
      destructive={!inUse}
      pending={remove.isPending}
      onConfirm={inUse ? close : confirm}
      onClose={close}
    />
  );
}
