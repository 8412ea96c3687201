import type { StaffMember } from '@caredesk/shared';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { fDateTime } from '@/lib/format';
import { StaffActionsMenu, type StaffAction } from './staff-actions-menu';
import { staffRoleLabel, staffStatusOf } from './staff-status';

const statusColour = { Active: 'success', Deactivated: 'default', 'Invitation pending': 'warning' } as const;

interface StaffListProps {
  members: StaffMember[];
  /** The signed-in admin: their own row has no actions (My account is the place for those). */
  selfId: string | undefined;
  onAction: (action: StaffAction, member: StaffMember) => void;
}

export function StaffList({ members, selfId, onAction }: StaffListProps) {
  return (
    <List aria-label="Staff" disablePadding>
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
                    (you)
                  </Typography>
                ) : null}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {member.email}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.75 }}>
                <Chip size="small" variant="outlined" label={staffRoleLabel[member.role]} />
                <Chip size="small" color={statusColour[status]} variant={status === 'Deactivated' ? 'outlined' : 'filled'} label={status} />
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {member.lastLoginAt ? `Last sign-in ${fDateTime(member.lastLoginAt)}` : 'Never signed in'}
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
