import { configurableMessageEvents, messageChannelLabels, messageChannels, messageEventLabels, type MessageChannel, type MessageSettings } from '@caredesk/shared';
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
import { providerLabels, fPaise } from '@/components/messages/message-format';
import { FormSection } from '@/components/records/form-section';
import { paths } from '@/config/paths';
import type { MessageSettingsFormValues } from './message-settings-form-values';

type Info = Pick<MessageSettings, 'pricesPaise' | 'providers' | 'whatsappAddonActive'>;

function ChannelHeader({ channel, info }: { channel: MessageChannel; info: Info }) {
  const provider = info.providers[channel];
  return (
    <TableCell align="center" sx={{ verticalAlign: 'bottom' }}>
      <Typography variant="subtitle2" component="span" sx={{ display: 'block' }}>
        {messageChannelLabels[channel]}
      </Typography>
      <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
        {fPaise(info.pricesPaise[channel])} a message
      </Typography>
      <Typography variant="caption" component="span" sx={{ display: 'block', color: provider ? 'text.secondary' : 'warning.dark' }}>
        {provider ? `Sent by ${providerLabels[provider]}` : 'Not available on this server'}
      </Typography>
    </TableCell>
  );
}

/** (a) Which events go out by WhatsApp and by SMS, what each costs, and who carries it. */
export function ChannelsSection({ info }: { info: Info }) {
  const { control } = useFormContext<MessageSettingsFormValues>();
  return (
    <FormSection title="Channels" description="What the patient is sent, and how. Each message is paid from the wallet.">
      {info.whatsappAddonActive ? (
        <div>
          <Chip color="success" size="small" label="WhatsApp add-on active" />
        </div>
      ) : (
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to={paths.plan} color="inherit" size="small">
              Get the add-on
            </Button>
          }
        >
          WhatsApp messages need the WhatsApp add-on
        </Alert>
      )}
      <Table size="small" aria-label="Messages by channel" sx={{ '& td, & th': { px: { xs: 0.5, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ verticalAlign: 'bottom' }}>Message</TableCell>
            {messageChannels.map((channel) => (
              <ChannelHeader key={channel} channel={channel} info={info} />
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {configurableMessageEvents.map((event) => (
            <TableRow key={event}>
              <TableCell component="th" scope="row">
                {messageEventLabels[event]}
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
                        slotProps={{ input: { 'aria-label': `${messageEventLabels[event]} by ${messageChannelLabels[channel]}` } }}
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
