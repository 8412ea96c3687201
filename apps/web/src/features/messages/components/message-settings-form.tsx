import type { MessageSettings, MessageSettingsUpdate } from '@caredesk/shared';
import { zodResolver } from '@/lib/zod-resolver';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { enqueueSnackbar } from '@/components/toast';
import { useMemo } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { showFormError } from '@/components/records/form-errors';
import { useUnsavedChangesGuard } from '@/components/records/use-unsaved-changes-guard';
import { useUpdateMessageSettings } from '../api/update-message-settings';
import { useT } from '../i18n';
import { ChannelsSection } from './channels-section';
import { QuietHoursSection, SendingSection } from './delivery-section';
import { changedMessageSettings, messageSettingsFormSchema, messageSettingsFormValues, type MessageSettingsFormValues } from './message-settings-form-values';
import { ProviderIdsSection } from './provider-ids-section';
import { RemindersSection } from './reminders-section';
import { TemplatesSection } from './templates-section';

/** Settings → Messages: one form, saved together; only what changed is sent. */
export function MessageSettingsForm({ settings }: { settings: MessageSettings }) {
  const t = useT();
  const schema = useMemo(() => messageSettingsFormSchema(settings), [settings]);
  const form = useForm<MessageSettingsFormValues, unknown, MessageSettingsUpdate>({
    resolver: zodResolver(schema),
    defaultValues: messageSettingsFormValues(settings),
  });
  const { formState, handleSubmit, setError, reset } = form;
  const update = useUpdateMessageSettings();
  const guard = useUnsavedChangesGuard(formState.isDirty);

  const onSubmit = handleSubmit(async (values) => {
    const changes = changedMessageSettings(values, settings);
    if (Object.keys(changes).length === 0) {
      reset(messageSettingsFormValues(settings));
      return;
    }
    try {
      const saved = await update.mutateAsync(changes);
      reset(messageSettingsFormValues(saved));
      enqueueSnackbar(t('messages.settings.saved'), { variant: 'success' });
    } catch (error) {
      showFormError(error, { setError });
    }
  });

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        aria-label={t('messages.settings.form')}
        onSubmit={(event) => void onSubmit(event)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 960 }}
      >
        <ChannelsSection info={settings} />
        <RemindersSection />
        <QuietHoursSection />
        <SendingSection />
        <TemplatesSection />
        <ProviderIdsSection />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5 }}>
          <Button color="inherit" disabled={update.isPending || !formState.isDirty} onClick={() => reset()}>
            {t('messages.settings.undo')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={update.isPending || !formState.isDirty}
            startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {update.isPending ? t('messages.settings.saving') : t('messages.settings.save')}
          </Button>
        </Box>
      </Box>
      {guard.dialog}
    </FormProvider>
  );
}
