import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { enqueueSnackbar } from '@/components/toast';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage, errorStatus } from '@/lib/http';
import { ConfirmDialog } from './confirm-dialog';
import { useT } from './i18n';

export interface RecordActionsProps {
  /** What the record is, lower case: 'doctor', 'scan', 'service'. */
  noun: string;
  /** The record's name, for the dialogs. */
  name: string;
  active: boolean;
  editHref: string;
  /** Where to go after deleting. */
  listHref: string;
  /** PATCH { active }. */
  onSetActive: (active: boolean) => Promise<unknown>;
  /** DELETE; a 409 (has appointments or bookings) offers to deactivate instead. */
  onDelete: () => Promise<unknown>;
}

type Dialog = 'delete' | 'deactivate-instead' | null;

/**
 * Edit, Deactivate/Activate and Delete of a record's view. Deleting asks first; when the server
 * refuses with 409 because the record has appointments or bookings, it offers 'Deactivate'.
 */
export function RecordActions({ noun, name, active, editHref, listHref, onSetActive, onDelete }: RecordActionsProps) {
  const t = useT();
  const navigate = useNavigate();
  // A select key: 'scan or test' -> scan_or_test.
  const nounKey = noun.replace(/\W+/g, '_');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [conflict, setConflict] = useState('');
  const [pending, setPending] = useState(false);

  const setActive = async (next: boolean) => {
    setPending(true);
    try {
      await onSetActive(next);
      enqueueSnackbar(next ? t('records.activated', { name }) : t('records.deactivated', { name }), { variant: 'success' });
      setDialog(null);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setPending(false);
    }
  };

  const remove = async () => {
    setPending(true);
    try {
      await onDelete();
      enqueueSnackbar(t('records.deleted', { name }), { variant: 'success' });
      setDialog(null);
      await navigate(listHref, { replace: true });
    } catch (error) {
      if (errorStatus(error) === 409) {
        setConflict(errorMessage(error));
        setDialog(active ? 'deactivate-instead' : null);
        if (!active) enqueueSnackbar(errorMessage(error), { variant: 'error' });
      } else {
        enqueueSnackbar(errorMessage(error), { variant: 'error' });
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button component={RouterLink} to={editHref} variant="contained" startIcon={<EditOutlined />}>
        {t('records.edit')}
      </Button>
      <Button variant="outlined" color={active ? 'warning' : 'success'} disabled={pending} onClick={() => void setActive(!active)}>
        {active ? t('records.deactivate') : t('records.activate')}
      </Button>
      <Button variant="outlined" color="error" startIcon={<DeleteOutlined />} disabled={pending} onClick={() => setDialog('delete')}>
        {t('records.delete')}
      </Button>
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('records.deleteTitle', { noun: nounKey })}
        message={t('records.deleteMessage', { name })}
        confirmLabel={t('records.delete')}
        destructive
        pending={pending}
        onConfirm={() => void remove()}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'deactivate-instead'}
        title={t('records.deactivateInsteadTitle', { noun: nounKey })}
        message={t('records.deactivateInsteadMessage', { conflict, name })}
        confirmLabel={t('records.deactivate')}
        pending={pending}
        onConfirm={() => void setActive(false)}
        onClose={() => setDialog(null)}
      />
    </Box>
  );
}
