import type { NotificationList, NotificationTab } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

const tabLabels: Record<NotificationTab, string> = { new: 'New', chats: 'Chats' };

/** 'New' (every type but chat messages) and 'Chats' (message-received), each with its unread count. */
export function NotificationTabs({
  value,
  onChange,
  unreadByTab,
}: {
  value: NotificationTab;
  onChange: (tab: NotificationTab) => void;
  unreadByTab: NotificationList['unreadByTab'];
}) {
  return (
    <Tabs value={value} onChange={(_event, tab: NotificationTab) => onChange(tab)} aria-label="Notification types" variant="fullWidth" sx={{ minHeight: 44 }}>
      {(['new', 'chats'] as const).map((tab) => {
        const count = unreadByTab?.[tab] ?? 0;
        return (
          <Tab
            key={tab}
            value={tab}
            aria-description={count ? `${count} unread` : undefined}
            sx={{ minHeight: 44 }}
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                {tabLabels[tab]}
                {count ? (
                  <Box component="span" aria-hidden sx={{ px: 0.75, borderRadius: 1, typography: 'caption', fontWeight: 700, bgcolor: 'error.main', color: 'error.contrastText' }}>
                    {count}
                  </Box>
                ) : null}
              </Box>
            }
          />
        );
      })}
    </Tabs>
  );
}
