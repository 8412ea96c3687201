import { configurableMessageEvents, messageChannelLabels, messageChannels, type MessageChannel, type MessageSettings } from '@caredesk/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { fPaise, messageEventLabel, providerText } from '@/components/messages/message-format';
import { FormSection } from '@/components/records/form-section';
import { paths } from '@/config/paths';
import { useT } from '../i18n';
import type { MessageSettingsFormValues } from './message-settings-form-values';

type Info = Pick<MessageSettings, 'pricesPaise' | 'providers' | 'whatsappAddonActive'>;

function ChannelHeader({ channel, info }: { channel: MessageChannel; info: Info }) {
  const t = useT();
  const provider = info.providers[channel];
  return (
    <TableCell align="center" sx={{ verticalAlign: 'bottom' }}>
      <Typography variant="subtitle2" component="span" sx={{ display: 'block' }}>
        {messageChannelLabels[channel]}
      </Typography>
      <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
        {t('messages.channels.price', { price: fPaise(info.pricesPaise[channel]) })}
      </Typography>
      <Typography variant="caption" component="span" sx={{ display: 'block', color: provider ? 'text.secondary' : 'warning.dark' }}>
        {provider ? t('messages.channels.sentBy', { provider: providerText(provider) }) : t('messages.channels.unavailable')}
      </Typography>
    </TableCell>
  );
}

/** (a) Which events go out by WhatsApp and by SMS, what each costs, and who carries it. */
export function ChannelsSection({ info }: { info: Info }) {
  const t = useT();
  const { control } = useFormContext<MessageSettingsFormValues>();
  return (
    <FormSection title={t('messages.channels.title')} description={t('messages.channels.description')}>
      {info.whatsappAddonActive ? (
        <div>
          <Chip color="success" size="small" label={t('messages.channels.addonActive')} />
        </div>
      ) : (
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to={paths.plan} color="inherit" size="small">
              {t('messages.channels.getAddon')}
            </Button>
          }
        >
          {t('messages.channels.needsAddon')}
        </Alert>
      )}
      <Table size="small" aria-label={t('messages.channels.table')} sx={{ '& td, & th': { px: { xs: 0.5, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ verticalAlign: 'bottom' }}>{t('messages.channels.message')}</TableCell>
            {messageChannels.map((channel) => (
              <ChannelHeader key={channel} channel={channel} info={info} />
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {configurableMessageEvents.map((event) => (
            <TableRow key={event}>
              <TableCell component="th" scope="row">
                {messageEventLabel(event)}
              </TableCell>
              {messageChannels.map((channel) => (
                <TableCell key={channel} align="center">
                  <Controller
                    control={control}
                    name={`events.${event}.${channel}`}
                    render={({ field }) => (
                      <Switch
                        checked={field.value}
                        onChange={(_, checked) => field.onChange(checked)}
                        onBlur={field.onBlur}
                        slotProps={{ input: { 'aria-label': t('messages.channels.eventBy', { event: messageEventLabel(event), channel: messageChannelLabels[channel] }) } }}
                      />
                    )}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </FormSection>
  );
}
