import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { enqueueSnackbar } from '@/components/toast';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage, errorStatus } from '@/lib/http';
import { ConfirmDialog } from './confirm-dialog';

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
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [conflict, setConflict] = useState('');
  const [pending, setPending] = useState(false);

  const setActive = async (next: boolean) => {
    setPending(true);
    try {
      await onSetActive(next);
      enqueueSnackbar(`${name} ${next ? 'activated' : 'deactivated'}`, { variant: 'success' });
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
      enqueueSnackbar(`${name} deleted`, { variant: 'success' });
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
        Edit
      </Button>
      <Button variant="outlined" color={active ? 'warning' : 'success'} disabled={pending} onClick={() => void setActive(!active)}>
        {active ? 'Deactivate' : 'Activate'}
      </Button>
      <Button variant="outlined" color="error" startIcon={<DeleteOutlined />} disabled={pending} onClick={() => setDialog('delete')}>
        Delete
      </Button>
      <ConfirmDialog
        open={dialog === 'delete'}
        title={`Delete this ${noun}?`}
        message={`${name} will be removed for good. This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        pending={pending}
        onConfirm={() => void remove()}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'deactivate-instead'}
        title={`Deactivate this ${noun} instead?`}
        message={`${conflict}. ${name} cannot be deleted, but deactivating hides it from new bookings and keeps the history.`}
        confirmLabel="Deactivate"
        pending={pending}
        onConfirm={() => void setActive(false)}
        onClose={() => setDialog(null)}
      />
    </Box>
  );
}
