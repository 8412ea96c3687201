import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { useParams } from 'react-router';
import { useMenuTitle } from '@/components/menu-title';
import { AreaEmptyPage } from '@/components/placeholder-page';

export default function ChatsPage() {
  const title = useMenuTitle('chats', 'Chats');
  const { userId } = useParams();
  return (
    <AreaEmptyPage
      title={title}
      icon={<ForumOutlined />}
      message={userId ? 'No messages in this conversation yet.' : 'No conversations yet.'}
    />
  );
}
