import { messageChannelLabels, messageChannels, messageStatusLabels, testMessageRequestSchema, type MessageChannel, type MessageLogItem } from '@caredesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { showFormError } from '@/components/records/form-errors';
import { FormSection } from '@/components/records/form-section';
import { FormTextField } from '@/components/records/form-text-field';
import { paths } from '@/config/paths';
import { useSendTestMessage, type TestMessageRequest } from '../api/send-test-message';

interface TestMessageValues {
  channel: MessageChannel;
  phone: string;
}

/** 'Sent', or why not ('Not sent: the WhatsApp add-on is not active'). */
function resultText(message: MessageLogItem): string {
  const status = messageStatusLabels[message.status];
  return message.failureReason ? `${status}: ${message.failureReason}` : status;
}

/** (h) 'Send a test message' to a phone of the admin's choosing; the result and a way to the log. */
export function TestMessageCard() {
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
      enqueueSnackbar(`Test message ${failed ? 'not sent' : 'sent'}: ${resultText(message)}`, { variant: failed ? 'warning' : 'success' });
    } catch (error) {
      showFormError(error, { setError: form.setError });
    }
  });

  return (
    <FormSection title="Send a test message" description="Check a channel end to end: the message goes to this phone, costs what any message costs, and appears in the log.">
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          aria-label="Send a test message"
          onSubmit={(event) => void onSubmit(event)}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '160px 1fr auto' }, alignItems: 'start' }}
        >
          <FormTextField name="channel" label="Channel" select>
            {messageChannels.map((channel) => (
              <MenuItem key={channel} value={channel}>
                {messageChannelLabels[channel]}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField name="phone" label="Phone" type="tel" helperText="With the country code, e.g. +919876543210" slotProps={{ htmlInput: { autoComplete: 'off' } }} />
          <Button type="submit" variant="outlined" startIcon={<SendOutlined />} loading={send.isPending} sx={{ mt: 1 }}>
            Send test
          </Button>
        </Box>
      </FormProvider>
      {result ? (
        <Alert severity={result.status === 'FAILED' || result.status === 'SKIPPED' ? 'warning' : 'success'} role="status">
          Test message to {result.to}: {resultText(result)}.{' '}
          <Link component={RouterLink} to={paths.settingsMessageLog} sx={{ color: 'inherit', fontWeight: 600 }}>
            Open the message log
          </Link>
        </Alert>
      ) : null}
    </FormSection>
  );
}
