import type { PlanOffer } from '@caredesk/shared';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fRupees } from '@/lib/format';
import { useT } from '../i18n';
import { PlanFeatures } from './plan-features';

interface PlanOfferCardProps {
  offer: PlanOffer;
  /** The organisation's current (or last) plan: 'Renew' instead of 'Buy'. */
  current: boolean;
  /** Admins buy; other staff see the offer only. */
  canBuy: boolean;
  pending: boolean;
  /** Another purchase is under way. */
  busy: boolean;
  onBuy: () => void;
}

/** A plan on offer: price (₹, two decimals), duration, features, and Buy / Renew. */
export function PlanOfferCard({ offer, current, canBuy, pending, busy, onBuy }: PlanOfferCardProps) {
  const t = useT();
  return (
    <Card variant="outlined" component="section" aria-label={offer.name} sx={{ display: 'flex', flexDirection: 'column', borderColor: current ? 'primary.main' : undefined }}>
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h6" component="h3">
            {offer.name}
          </Typography>
          {current ? <Chip label={t('plan.currentPlan')} color="primary" size="small" variant="outlined" /> : null}
        </Stack>
        <Typography variant="h5" component="p">
          {fRupees(offer.pricePaise / 100)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {t('plan.forDuration', { days: offer.durationDays })}
        </Typography>
        <PlanFeatures features={offer.features} label={t('plan.offerFeatures', { name: offer.name })} />
      </CardContent>
      {canBuy ? (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button
            variant={current ? 'outlined' : 'contained'}
            fullWidth
            onClick={onBuy}
            disabled={busy}
            startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {current ? t('plan.renew') : t('plan.buy')}
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}
