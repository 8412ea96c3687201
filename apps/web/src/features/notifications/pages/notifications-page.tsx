import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { EmptyState } from '@/components/empty-state';
import { PageContainer } from '@/components/page-container';
import { errorMessage } from '@/lib/http';
import { useNotifications } from '../api/get-notifications';
import { NotificationItem } from '../components/notification-item';

export default function NotificationsPage() {
  const { data, isPending, isError, error } = useNotifications();
  return (
    <PageContainer
      title="Notifications"
      actions={
        data && data.unread > 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            You have {data.unread} unread messages
          </Typography>
        ) : null
      }
    >
      <Card variant="outlined">
        {isPending ? <LinearProgress aria-label="Loading notifications" /> : null}
        {isError ? <Alert severity="error">{errorMessage(error)}</Alert> : null}
        {data && data.data.length === 0 ? <EmptyState icon={<NotificationsNoneOutlined />} title="No notifications" /> : null}
        {data && data.data.length > 0 ? (
          <List aria-label="All notifications" sx={{ p: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            {data.data.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} />
            ))}
          </List>
        ) : null}
      </Card>
    </PageContainer>
  );
}
