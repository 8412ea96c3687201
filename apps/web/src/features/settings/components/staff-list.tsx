import type { StaffMember } from '@caredesk/shared';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { fDateTime } from '@/lib/format';
import { StaffActionsMenu, type StaffAction } from './staff-actions-menu';
import { useT } from '../i18n';
import { staffStatusOf, type StaffStatus } from './staff-status';

const statusColour = { Active: 'success', Deactivated: 'default', 'Invitation pending': 'warning' } as const;

interface StaffListProps {
  members: StaffMember[];
  /** The signed-in admin: their own row has no actions (My account is the place for those). */
  selfId: string | undefined;
  onAction: (action: StaffAction, member: StaffMember) => void;
}

export function StaffList({ members, selfId, onAction }: StaffListProps) {
  const t = useT();
  const statusText = (status: StaffStatus) => {
    if (status === 'Deactivated') return t('settings.staff.statusDeactivated');
    return status === 'Active' ? t('settings.staff.statusActive') : t('settings.staff.statusInvitationPending');
  };
  return (
    <List aria-label={t('settings.staff.listLabel')} disablePadding>
      {members.map((member, index) => {
        const status = staffStatusOf(member);
        return (
          <ListItem key={member.id} divider={index < members.length - 1} sx={{ gap: 2, py: 1.5, alignItems: 'flex-start' }}>
            <Avatar src={member.avatarUrl ?? undefined} alt="" sx={{ display: { xs: 'none', sm: 'flex' } }}>
              {member.name.charAt(0).toUpperCase()}
            </Avatar>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {member.name}
                {member.id === selfId ? (
                  <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
                    {t('settings.staff.you')}
                  </Typography>
                ) : null}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {member.email}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.75 }}>
                <Chip size="small" variant="outlined" label={t(`settings.staff.role${member.role}`)} />
                <Chip size="small" color={statusColour[status]} variant={status === 'Deactivated' ? 'outlined' : 'filled'} label={statusText(status)} />
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {member.lastLoginAt ? t('settings.staff.lastSignIn', { date: fDateTime(member.lastLoginAt) }) : t('settings.staff.neverSignedIn')}
                </Typography>
              </Box>
            </Box>
            {member.id === selfId ? null : <StaffActionsMenu member={member} onAction={(action) => onAction(action, member)} />}
          </ListItem>
        );
      })}
    </List>
  );
}
