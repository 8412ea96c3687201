import type { Service, ServiceKind } from '@caredesk/shared';
import { zodResolver } from '@/lib/zod-resolver';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { enqueueSnackbar } from '@/components/toast';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useMemo } from 'react';
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
import { useT } from '../i18n';
import { PackageItemsField } from './package-items-field';
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
  const t = useT();
  const navigate = useNavigate();
  // A new schema per language: its messages are read when it is built.
  const schema = useMemo(() => serviceFormSchema(), [t]);
  const managesFacilities = useManagesFacilities();
  const scans = area === paths.scans;
  const defaultKind: ServiceKind = scans ? 'SCAN' : 'OTHER';
  const form = useForm<ServiceFormInput, unknown, ServiceFormOutput>({
    resolver: zodResolver(schema),
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
      enqueueSnackbar(t('services.saved', { name: saved.name }), { variant: 'success' });
      await navigate(paths.record(area, saved.id), { replace: !service });
    } catch (error) {
      showFormError(error, { setError, fieldMap: serviceFieldMap });
    }
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <FormSection title={t('services.section.details')}>
          <ServiceBasicsFields chooseKind={scans} editing={Boolean(service)} />
        </FormSection>
        {scans ? (
          <>
            <FormSection title={t('services.section.visit')}>
              <ScanDetailsFields />
            </FormSection>
            <FormSection title={t('services.section.package')} description={t('services.section.packageHelp')}>
              <PackageItemsField serviceId={service?.id} />
            </FormSection>
            <FormSection title={t('services.section.availability')} description={t('services.section.availabilityHelp')}>
              <Controller
                name="availability"
                control={control}
                render={({ field, fieldState }) => <AvailabilityEditor value={field.value ?? []} onChange={field.onChange} error={fieldState.error} />}
              />
            </FormSection>
          </>
        ) : null}
        <FormSection title={t('services.section.tax')}>
          <ServiceTaxFields />
        </FormSection>
        <FormSection title={t('services.section.facility')}>
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
              <FormControlLabel label={t('services.field.active')} control={<Switch checked={field.value ?? true} onChange={(event) => field.onChange(event.target.checked)} />} />
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
