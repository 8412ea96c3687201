import type { StaffCredentialResult } from '@caredesk/shared';
import { zodResolver } from '@/lib/zod-resolver';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useActiveDoctors } from '@/components/doctors/active-doctors';
import { FormTextField } from '@/components/records/form-text-field';
import { useCreateStaff } from '../api/create-staff';
import { useT } from '../i18n';
import { CredentialFields } from './credential-fields';
import { showStaffFormError } from './staff-form-errors';
import { addStaffDefaults, addStaffFormSchema, staffCreateOf, type AddStaffFormInput, type AddStaffFormOutput } from './staff-form-schema';

interface AddStaffDialogProps {
  onClose: () => void;
  /** The new member with their invitation link (shown once) or the password reminder. */
  onCreated: (result: StaffCredentialResult) => void;
}

/** A doctor's own account is one doctor: it signs in to that doctor's consulting room and sees nothing else. */
function DoctorField() {
  const t = useT();
  const doctors = useActiveDoctors();
  return (
    <FormTextField name="doctorId" select required label={t('settings.staff.doctor')} helperText={t('settings.staff.doctorHelp')} disabled={!doctors.data}>
      {(doctors.data ?? []).map((doctor) => (
        <MenuItem key={doctor.id} value={doctor.id}>
          {doctor.name} · {doctor.specialization}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

/** 'Add staff member': who they are, their role, and how they get in. Mounted only while open. */
export function AddStaffDialog({ onClose, onCreated }: AddStaffDialogProps) {
  const titleId = useId();
  const t = useT();
  const roleId = useId();
  const create = useCreateStaff();
  const form = useForm<AddStaffFormInput, unknown, AddStaffFormOutput>({ resolver: zodResolver(addStaffFormSchema), defaultValues: addStaffDefaults });
  const { control, handleSubmit, setError } = form;
  const role = useWatch({ control, name: 'role' });

  const submit = handleSubmit(async (values) => {
    try {
      const result = await create.mutateAsync(staffCreateOf(values));
      onCreated(result);
    } catch (error) {
      showStaffFormError(error, setError);
    }
  });

  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <DialogTitle id={titleId}>{t('settings.staff.add')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <FormTextField name="name" label={t('settings.staff.name')} required autoFocus />
              <FormTextField name="email" label={t('settings.staff.email')} type="email" required autoComplete="off" />
              <FormTextField name="phone" label={t('settings.staff.phone')} type="tel" />
              <Controller
                name="role"
                control={control}
                render={({ field }) => (
                  <FormControl>
                    <FormLabel id={roleId}>{t('settings.staff.role')}</FormLabel>
                    <RadioGroup aria-labelledby={roleId} row value={field.value} onChange={(event) => field.onChange(event.target.value)}>
                      <FormControlLabel value="WORKER" control={<Radio />} label={t('settings.staff.roleWORKER')} />
                      <FormControlLabel value="ADMIN" control={<Radio />} label={t('settings.staff.roleADMIN')} />
                      <FormControlLabel value="USER" control={<Radio />} label={t('settings.staff.roleUSER')} />
                    </RadioGroup>
                  </FormControl>
                )}
              />
              {role === 'USER' ? <DoctorField /> : null}
              <CredentialFields />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} color="inherit" disabled={create.isPending}>
              {t('settings.staff.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={create.isPending} startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
              {create.isPending ? t('settings.staff.adding') : t('settings.staff.add')}
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}
