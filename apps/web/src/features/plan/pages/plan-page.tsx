import type { PlanOffer } from '@caredesk/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PageContainer } from '@/components/page-container';
import { ConfirmDialog } from '@/components/records/confirm-dialog';
import { fRupees } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useSessionUser } from '@/lib/session';
import { usePlanOffers } from '../api/get-plan-offers';
import { usePlanStatus } from '../api/get-plan-status';
import { CurrentPlanCard } from '../components/current-plan-card';
import { PlanInactiveAlert } from '@/components/plan-inactive-alert';
import { PlanOfferCard } from '../components/plan-offer-card';
import { usePlanPurchase } from '../components/use-plan-purchase';
import { WhatsappAddonCard } from '../components/whatsapp-addon-card';
import { useT } from '../i18n';

/** /plan: the current plan and its validity, the plans on offer, and the WhatsApp add-on. */
export default function PlanPage() {
  const status = usePlanStatus();
  const t = useT();
  const offers = usePlanOffers();
  const canBuy = useSessionUser()?.role === 'ADMIN';
  const purchase = usePlanPurchase();
  // The offer stays while the dialog fades out; `asking` opens and closes it.
  const [confirming, setConfirming] = useState<PlanOffer | null>(null);
  const [asking, setAsking] = useState(false);
  const currentId = status.data?.planId ?? null;
  const busy = purchase.pending !== null;

  const confirmBuy = () => {
    setAsking(false);
    if (confirming) void purchase.buyPlan(confirming);
  };

  return (
    <PageContainer title={t('plan.title')}>
      {status.isError ? <Alert severity="error">{errorMessage(status.error)}</Alert> : null}
      {status.isPending ? <Skeleton variant="rounded" height={140} aria-label={t('plan.loadingPlan')} /> : null}
      {status.data ? (
        <Stack spacing={2} sx={{ maxWidth: 960 }}>
          {!status.data.isActive ? <PlanInactiveAlert /> : null}
          <CurrentPlanCard status={status.data} />
        </Stack>
      ) : null}

      <Stack spacing={2} component="section" aria-labelledby="plans-on-offer" sx={{ maxWidth: 960 }}>
        <Typography variant="h6" component="h2" id="plans-on-offer">
          {t('plan.onOffer')}
        </Typography>
        {!canBuy ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('plan.adminOnly')}
          </Typography>
        ) : null}
        {offers.isError ? <Alert severity="error">{errorMessage(offers.error)}</Alert> : null}
        {offers.isPending ? <Skeleton variant="rounded" height={200} aria-label={t('plan.loadingPlans')} /> : null}
        {offers.data ? (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
            {offers.data.map((offer) => (
              <PlanOfferCard
                key={offer.id}
                offer={offer}
                current={offer.id === currentId}
                canBuy={canBuy}
                pending={purchase.pending === offer.id}
                busy={busy}
                onBuy={() => {
                  setConfirming(offer);
                  setAsking(true);
                }}
              />
            ))}
          </Box>
        ) : null}
        <Typography variant="h6" component="h2">
          {t('plan.addons')}
        </Typography>
        <WhatsappAddonCard
          whatsapp={status.data?.whatsapp}
          canBuy={canBuy}
          pending={purchase.pending === 'whatsapp'}
          busy={busy}
          onSubscribe={() => void purchase.subscribeWhatsapp()}
        />
      </Stack>

      <ConfirmDialog
        open={asking}
        title={confirming ? t(confirming.id === currentId ? 'plan.confirmRenew' : 'plan.confirmBuy', { name: confirming.name }) : ''}
        message={confirming ? t('plan.confirmMessage', { price: fRupees(confirming.pricePaise / 100), days: confirming.durationDays }) : ''}
        confirmLabel={confirming?.id === currentId ? t('plan.renew') : t('plan.buy')}
        onConfirm={confirmBuy}
        onClose={() => setAsking(false)}
      />
      {purchase.checkoutDialog}
    </PageContainer>
  );
}
