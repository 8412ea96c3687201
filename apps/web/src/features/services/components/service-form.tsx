import type { Service, ServiceKind } from '@caredesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { enqueueSnackbar } from '@/components/toast';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { AvailabilityEditor } from '@/components/availability/availability-editor';
import { FacilitySelect } from '@/components/facility-select';
import { FormActions } from '@/components/records/form-actions';
import { showFormError } from '@/components/records/form-errors';
import { FormSection } from '@/components/records/form-section';
import { useUnsavedChangesGuard } from '@/components/records/use-unsaved-changes-guard';
import { useManagesFacilities } from '@/components/use-facilities';
import { paths } from '@/config/paths';
import { useCreateService } from '../api/create-service';
import { useUpdateService } from '../api/update-service';
import { ScanDetailsFields } from './scan-details-fields';
import { ServiceBasicsFields } from './service-basics-fields';
import { ServiceTaxFields } from './service-tax-fields';
import { serviceFieldMap, serviceFormDefaults, serviceFormSchema, serviceInputOf, type ServiceFormInput, type ServiceFormOutput } from './service-form-schema';

interface ServiceFormProps {
  /** '/scan' edits scans and tests (schedule, capacity); '/service' other services. */
  area: typeof paths.scans | typeof paths.services;
  service?: Service;
}

/** Adds or edits a scan, test or other service; after saving, opens its page. */
export function ServiceForm({ area, service }: ServiceFormProps) {
  const navigate = useNavigate();
  const managesFacilities = useManagesFacilities();
  const scans = area === paths.scans;
  const defaultKind: ServiceKind = scans ? 'SCAN' : 'OTHER';
  const form = useForm<ServiceFormInput, unknown, ServiceFormOutput>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: serviceFormDefaults(defaultKind, service),
  });
  const { control, formState, handleSubmit, setError } = form;
  const create = useCreateService();
  const update = useUpdateService();
  const guard = useUnsavedChangesGuard(formState.isDirty);

  const onSubmit = handleSubmit(async (values) => {
    const input = serviceInputOf(values, managesFacilities);
    try {
      let saved: Service;
      if (service) {
        // The kind never changes: PATCH does not take it.
        const { kind: _kind, ...changes } = input;
        saved = await update.mutateAsync({ id: service.id, changes });
      } else {
        saved = await create.mutateAsync(input);
      }
      guard.allowNavigation();
      enqueueSnackbar(`${saved.name} saved`, { variant: 'success' });
      await navigate(paths.record(area, saved.id), { replace: !service });
    } catch (error) {
      showFormError(error, { setError, fieldMap: serviceFieldMap });
    }
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <FormSection title="Details">
          <ServiceBasicsFields chooseKind={scans} editing={Boolean(service)} />
        </FormSection>
        {scans ? (
          <>
            <FormSection title="Visit and report">
              <ScanDetailsFields />
            </FormSection>
            <FormSection title="Weekly availability" description="When bookings can be taken; windows of a day must not overlap.">
              <Controller
                name="availability"
                control={control}
                render={({ field, fieldState }) => <AvailabilityEditor value={field.value ?? []} onChange={field.onChange} error={fieldState.error} />}
              />
            </FormSection>
          </>
        ) : null}
        <FormSection title="Tax">
          <ServiceTaxFields />
        </FormSection>
        <FormSection title="Facility and status">
          <Controller
            name="facilityId"
            control={control}
            render={({ field, fieldState }) => (
              <FacilitySelect value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={Boolean(fieldState.error)} helperText={fieldState.error?.message} />
            )}
          />
          <Controller
            name="active"
            control={control}
            render={({ field }) => (
              <FormControlLabel label="Active (can be booked)" control={<Switch checked={field.value ?? true} onChange={(event) => field.onChange(event.target.checked)} />} />
            )}
          />
        </FormSection>
        <FormActions
          cancelHref={service ? paths.record(area, service.id) : area}
          pending={create.isPending || update.isPending}
          disabled={Boolean(service) && !formState.isDirty}
        />
      </Box>
      {guard.dialog}
    </FormProvider>
  );
}
