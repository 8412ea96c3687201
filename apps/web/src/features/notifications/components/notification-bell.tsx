import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useNotifications } from '../api/get-notifications';

export function NotificationBell() {
  const navigate = useNavigate();
  const { data } = useNotifications();
  const unread = data?.unread ?? 0;
  return (
    <IconButton
      aria-label="Notifications"
      aria-description={unread ? `${unread} unread` : undefined}
      onClick={() => void navigate(paths.notifications)}
    >
      <Badge badgeContent={unread} color="error" max={99}>
        <NotificationsNoneOutlined />
      </Badge>
    </IconButton>
  );
}
