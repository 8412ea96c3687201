import { messageChannelLabels, messageChannels, testMessageRequestSchema, type MessageChannel, type MessageLogItem } from '@caredesk/shared';
import { zodResolver } from '@/lib/zod-resolver';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import { enqueueSnackbar } from '@/components/toast';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { messageStatusText } from '@/components/messages/message-format';
import { showFormError } from '@/components/records/form-errors';
import { FormSection } from '@/components/records/form-section';
import { FormTextField } from '@/components/records/form-text-field';
import { paths } from '@/config/paths';
import { useSendTestMessage, type TestMessageRequest } from '../api/send-test-message';
import { useT } from '../i18n';

interface TestMessageValues {
  channel: MessageChannel;
  phone: string;
}

/** 'Sent', or why not ('Not sent: the WhatsApp add-on is not active'). */
function resultText(message: MessageLogItem, t: ReturnType<typeof useT>): string {
  const status = messageStatusText(message.status);
  return message.failureReason ? t('messages.test.statusWhy', { status, reason: message.failureReason }) : status;
}

/** (h) 'Send a test message' to a phone of the admin's choosing; the result and a way to the log. */
export function TestMessageCard() {
  const t = useT();
  const form = useForm<TestMessageValues, unknown, TestMessageRequest>({
    resolver: zodResolver(testMessageRequestSchema),
    defaultValues: { channel: 'SMS', phone: '+91' },
  });
  const send = useSendTestMessage();
  const [result, setResult] = useState<MessageLogItem | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      const message = await send.mutateAsync(values);
      setResult(message);
      const failed = message.status === 'FAILED' || message.status === 'SKIPPED';
      enqueueSnackbar(t(failed ? 'messages.test.notSentToast' : 'messages.test.sentToast', { result: resultText(message, t) }), { variant: failed ? 'warning' : 'success' });
    } catch (error) {
      showFormError(error, { setError: form.setError });
    }
  });

  return (
    <FormSection title={t('messages.test.title')} description={t('messages.test.description')}>
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          aria-label={t('messages.test.title')}
          onSubmit={(event) => void onSubmit(event)}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '160px 1fr auto' }, alignItems: 'start' }}
        >
          <FormTextField name="channel" label={t('messages.test.channel')} select>
            {messageChannels.map((channel) => (
              <MenuItem key={channel} value={channel}>
                {messageChannelLabels[channel]}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField name="phone" label={t('messages.test.phone')} type="tel" helperText={t('messages.test.phoneHelp')} slotProps={{ htmlInput: { autoComplete: 'off' } }} />
          <Button type="submit" variant="outlined" startIcon={<SendOutlined />} loading={send.isPending} sx={{ mt: 1 }}>
            {t('messages.test.send')}
          </Button>
        </Box>
      </FormProvider>
      {result ? (
        <Alert severity={result.status === 'FAILED' || result.status === 'SKIPPED' ? 'warning' : 'success'} role="status">
          {t('messages.test.result', { to: result.to, result: resultText(result, t) })}{' '}
          <Link component={RouterLink} to={paths.settingsMessageLog} sx={{ color: 'inherit', fontWeight: 600 }}>
            {t('messages.test.openLog')}
          </Link>
        </Alert>
      ) : null}
    </FormSection>
  );
}
