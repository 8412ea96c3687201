import type { NotificationList, NotificationTab } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useT } from '../i18n';

const tabLabels = { new: 'notifications.tab.new', chats: 'notifications.tab.chats' } as const satisfies Record<NotificationTab, string>;

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
  const t = useT();
  return (
    <Tabs value={value} onChange={(_event, tab: NotificationTab) => onChange(tab)} aria-label={t('notifications.tabs')} variant="fullWidth" sx={{ minHeight: 44 }}>
      {(['new', 'chats'] as const).map((tab) => {
        const count = unreadByTab?.[tab] ?? 0;
        return (
          <Tab
            key={tab}
            value={tab}
            aria-description={count ? t('notifications.tabUnread', { count }) : undefined}
            sx={{ minHeight: 44 }}
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                {t(tabLabels[tab])}
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
