import { facilityInputSchema, type Facility, type FacilityInput } from '@caredesk/shared';
import { zodResolver } from '@/lib/zod-resolver';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { enqueueSnackbar } from '@/components/toast';
import { useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { showFormError } from '@/components/records/form-errors';
import { useCreateFacility } from '../api/create-facility';
import { useUpdateFacility } from '../api/update-facility';
import { useT } from '../i18n';

interface FacilityFormValues {
  name: string;
  address: string;
  phone: string;
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value);
const sharedResolver = zodResolver(facilityInputSchema);

/** The shared facilityInputSchema, with empty address and phone sent as null (cleared). */
const facilityResolver: Resolver<FacilityFormValues, unknown, FacilityInput> = (values, context, options) =>
  sharedResolver({ name: values.name, address: blankToNull(values.address), phone: blankToNull(values.phone) }, context, options as never) as ReturnType<
    Resolver<FacilityFormValues, unknown, FacilityInput>
  >;

interface FacilityDialogProps {
  /** The facility to edit; none to add one. */
  facility?: Facility;
  onClose: () => void;
}

/** Add or edit a facility. Mounted only while open, so each opening starts from the record. */
export function FacilityDialog({ facility, onClose }: FacilityDialogProps) {
  const titleId = useId();
  const t = useT();
  const create = useCreateFacility();
  const update = useUpdateFacility();
  const pending = create.isPending || update.isPending;
  const { register, handleSubmit, setError, formState } = useForm<FacilityFormValues, unknown, FacilityInput>({
    resolver: facilityResolver,
    defaultValues: { name: facility?.name ?? '', address: facility?.address ?? '', phone: facility?.phone ?? '' },
  });
  const { errors } = formState;

  const done = (saved: Facility) => {
    enqueueSnackbar(facility ? t('facilities.saved') : t('facilities.added', { name: saved.name }), { variant: 'success' });
    onClose();
  };
  const failed = (error: unknown) => showFormError(error, { setError });
  const submit = (input: FacilityInput) => {
    if (facility) update.mutate({ id: facility.id, input }, { onSuccess: done, onError: failed });
    else create.mutate(input, { onSuccess: done, onError: failed });
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <DialogTitle id={titleId}>{facility ? t('facilities.edit') : t('facilities.add')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField label={t('facilities.name')} required autoFocus {...register('name')} error={Boolean(errors.name)} helperText={errors.name?.message} />
            <TextField label={t('facilities.address')} multiline minRows={2} {...register('address')} error={Boolean(errors.address)} helperText={errors.address?.message} />
            <TextField
              label={t('facilities.phone')}
              type="tel"
              {...register('phone')}
              error={Boolean(errors.phone)}
              helperText={errors.phone?.message ?? t('facilities.phoneHelp')}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit" disabled={pending}>
            {t('facilities.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending} startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {pending ? t('facilities.saving') : t('facilities.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
