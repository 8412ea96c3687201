import { WHATSAPP_ADDON, type PlanStatus } from '@caredesk/shared';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fDate, fRupees } from '@/lib/format';
import { useT } from '../i18n';

interface WhatsappAddonCardProps {
  whatsapp: PlanStatus['whatsapp'];
  canBuy: boolean;
  pending: boolean;
  busy: boolean;
  onSubscribe: () => void;
}

/** The WhatsApp add-on: reminders and confirmations to patients, bought through the checkout. */
export function WhatsappAddonCard({ whatsapp, canBuy, pending, busy, onSubscribe }: WhatsappAddonCardProps) {
  const active = whatsapp?.isActive ?? false;
  const t = useT();
  const price = fRupees(WHATSAPP_ADDON.pricePaise / 100);
  const days = WHATSAPP_ADDON.durationDays;
  return (
    <Card variant="outlined" component="section" aria-label={t('plan.whatsappAddon')}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}>
            <WhatsApp sx={{ fontSize: 40, color: 'success.main' }} />
            <Stack spacing={0.25} sx={{ minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {t('plan.whatsappAddon')}
                </Typography>
                <Chip size="small" label={active ? t('plan.active') : t('plan.notSubscribed')} color={active ? 'success' : 'default'} />
              </Stack>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {active && whatsapp?.endsAt ? t('plan.addonPriceActive', { price, days, date: fDate(whatsapp.endsAt) }) : t('plan.addonPrice', { price, days })}
              </Typography>
            </Stack>
          </Stack>
          {canBuy ? (
            <Button
              variant="contained"
              color="success"
              onClick={onSubscribe}
              disabled={busy}
              startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
              sx={{ flexShrink: 0 }}
            >
              {active ? t('plan.renew') : t('plan.subscribe')}
            </Button>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
