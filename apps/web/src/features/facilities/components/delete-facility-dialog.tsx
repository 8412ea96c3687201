import type { Facility } from '@caredesk/shared';
import Alert from '@mui/material/Alert';
import { enqueueSnackbar } from '@/components/toast';
import { ConfirmDialog } from '@/components/records/confirm-dialog';
import { errorMessage, errorStatus } from '@/lib/http';
import { useDeleteFacility } from '../api/delete-facility';
import { useT } from '../i18n';

interface DeleteFacilityDialogProps {
  facility: Facility;
  onClose: () => void;
}

/** Asks first; a 409 (still in use, or the last facility) stays in the dialog with the server's reason. */
export function DeleteFacilityDialog({ facility, onClose }: DeleteFacilityDialogProps) {
  const remove = useDeleteFacility();
  const t = useT();
  const refused = errorStatus(remove.error) === 409;
  const confirm = () =>
    remove.mutate(facility.id, {
      onSuccess: () => {
        enqueueSnackbar(t('facilities.deleted', { name: facility.name }), { variant: 'success' });
        onClose();
      },
      onError: (error) => {
        if (errorStatus(error) !== 409) enqueueSnackbar(errorMessage(error), { variant: 'error' });
      },
    });
  return (
    <ConfirmDialog
      open
      title={t('facilities.deleteTitle', { name: facility.name })}
      message={refused ? <Alert severity="warning">{errorMessage(remove.error)}</Alert> : t('facilities.deleteBody')}
      confirmLabel={refused ? t('facilities.ok') : t('facilities.deleteTooltip')}
      cancelLabel={refused ? t('facilities.close') : t('facilities.cancel')}
      destructive={!refused}
      pending={remove.isPending}
      onConfirm={refused ? onClose : confirm}
      onClose={onClose}
    />
  );
}
