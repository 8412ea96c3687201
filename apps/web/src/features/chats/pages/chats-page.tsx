import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useLocation, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageContainer } from '@/components/page-container';
import { layout } from '@/config/layout';
import { paths } from '@/config/paths';
import { ChatThread } from '../components/chat-thread';
import { ConversationList } from '../components/conversation-list';
import { useT } from '../i18n';

// The chat fills the screen below the header and the page title, so only the list and the thread scroll.
// eslint-disable-next-line lingui/no-unlocalized-strings -- CSS lengths
const PANE_HEIGHT = { xs: `calc(100dvh - ${layout.headerHeightMobile + 120}px)`, md: `calc(100dvh - ${layout.headerHeightDesktop + 140}px)` };
const MIN_PANE_HEIGHT = 420;

/**
 * /chats and /chats/{userId}. From md up the list and the open conversation sit side by side;
 * on a phone the list and the thread are separate screens, the thread with a back button.
 */
export default function ChatsPage() {
  const t = useT();
  // Every organisation's menu names this area 'Chats' (packages/shared navigation), so the title is the area's own text.
  const title = t('chats.title');
  const { userId } = useParams();
  const { search } = useLocation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const paneSx = { height: PANE_HEIGHT, minHeight: MIN_PANE_HEIGHT, display: 'flex', minWidth: 0 } as const;

  if (!wide) {
    return (
      <PageContainer title={title}>
        <Card variant="outlined" sx={{ ...paneSx, flexDirection: 'column' }}>
          {userId ? <ChatThread key={userId} patientId={userId} backTo={`${paths.chats}${search}`} /> : <ConversationList />}
        </Card>
      </PageContainer>
    );
  }

  return (
    <PageContainer title={title}>
      <Card variant="outlined" sx={paneSx}>
        <Box sx={{ width: { md: 320, lg: 360 }, flexShrink: 0, borderRight: 1, borderColor: 'divider' }}>
          <ConversationList activePatientId={userId} />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {userId ? (
            <ChatThread key={userId} patientId={userId} />
          ) : (
            <EmptyState icon={<ForumOutlined />} title={t('chats.selectConversation')} description={t('chats.selectConversationBody')} />
          )}
        </Box>
      </Card>
    </PageContainer>
  );
}
