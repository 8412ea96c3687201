import { menuFor, type Dashboard, type SessionUser } from '@caredesk/shared';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '@/components/toast';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { usePushPermission } from '@/lib/push';
import { visuallyHidden } from '@/components/visually-hidden';
import { queryKeys } from '@/lib/query-keys';
import { useT } from '../i18n';

/** Doctors for an account that has them, else the scans and tests page (a scan centre). */
function firstResourcePath(user: SessionUser): string {
  // The checklist is shown to admins only, so the admin's menu decides.
  const menu = menuFor(user.admin.type, 'ADMIN');
  if (menu.some((entry) => entry.area === 'doctors')) return paths.doctors;
  if (menu.some((entry) => entry.area === 'scans')) return paths.scans;
  return paths.services;
}

function ChecklistItem({ label, done, action }: { label: string; done: boolean; action: ReactNode }) {
  const t = useT();
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1 }}>
      {done ? <CheckCircle color="success" aria-hidden="true" /> : <RadioButtonUnchecked color="disabled" aria-hidden="true" />}
      {done ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', textDecoration: 'line-through' }}>
          <span>{label}</span>
          <Box component="span" sx={visuallyHidden}>
            {' '}
            {t('dashboard.checklist.done')}
          </Box>
        </Typography>
      ) : (
        action
      )}
    </Box>
  );
}

function EnableNotificationsItem({ done }: { done: boolean }) {
  const { permission, pending, enable } = usePushPermission();
  const queryClient = useQueryClient();
  const t = useT();
  const label = t('dashboard.checklist.enableNotifications');
  const blocked = permission === 'denied' || permission === 'unsupported';
  const onClick = () =>
    void enable().then((on) => {
      if (on) enqueueSnackbar(t('dashboard.checklist.notificationsOn'), { variant: 'success' });
      // The server now holds this browser's subscription: the checklist reads it from there.
      return queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
    });
  return (
    <ChecklistItem
      label={label}
      done={done}
      action={
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
          <Button size="small" onClick={onClick} disabled={pending || blocked} sx={{ p: 0, minWidth: 0, textTransform: 'none', fontSize: 'body2.fontSize' }}>
            {label}
          </Button>
          {blocked ? (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {permission === 'denied' ? t('dashboard.checklist.blocked') : t('dashboard.checklist.unsupported')}
            </Typography>
          ) : null}
        </Box>
      }
    />
  );
}

const linkTo = (to: string, label: string) => (
  <Link component={RouterLink} to={to} variant="body2" underline="hover">
    {label}
  </Link>
);

/** For an admin of a new organisation, while any first step is still open. */
export function GettingStarted({ checklist, user }: { checklist: Dashboard['checklist']; user: SessionUser }) {
  const t = useT();
  const headingId = useId();
  const resourcePath = firstResourcePath(user);
  const steps = [
    { label: t('dashboard.checklist.addResource'), done: checklist.hasDoctorOrService, to: resourcePath },
    { label: t('dashboard.checklist.addStaff'), done: checklist.hasStaff, to: paths.settingsStaff },
  ];
  const all = [checklist.hasDoctorOrService, checklist.hasStaff, checklist.notificationsEnabled, checklist.walletRecharged];
  const doneCount = all.filter(Boolean).length;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" id={headingId} sx={{ fontWeight: 600 }}>
        {t('dashboard.checklist.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('dashboard.checklist.progress', { done: doneCount, total: all.length })}
      </Typography>
      <Box component="ul" sx={{ m: 0, mt: 1, p: 0, listStyle: 'none' }}>
        {steps.map((step) => (
          <ChecklistItem key={step.label} label={step.label} done={step.done} action={linkTo(step.to, step.label)} />
        ))}
        <EnableNotificationsItem done={checklist.notificationsEnabled} />
        <ChecklistItem label={t('dashboard.checklist.rechargeWallet')} done={checklist.walletRecharged} action={linkTo(paths.wallet, t('dashboard.checklist.rechargeWallet'))} />
      </Box>
    </Card>
  );
}
