import { canAccessArea } from '@caredesk/shared';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMessages } from '@/components/messages/api/get-messages';
import { MessageList } from '@/components/messages/message-list';
import { EmptyState } from '@/components/empty-state';
import { ListPagination } from '@/components/records/list-pagination';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/http';
import { useSessionUser } from '@/lib/session';
import { useT } from '../i18n';

const PAGE_SIZE = 10;

/** The Messages tab: what was sent to this patient by WhatsApp and SMS, newest first. */
export function PatientMessages({ patientId }: { patientId: string }) {
  const t = useT();
  const user = useSessionUser();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const messages = useMessages({ patientId, page, pageSize });
  const rows = messages.data?.data ?? [];
  const total = messages.data?.total ?? 0;
  // The full log (filters, export) is a Settings page: only where the account's menu has Settings.
  const logLink =
    user && user.role !== 'USER' && canAccessArea(user.admin.type, user.role, 'settings') ? (
      <Button component={RouterLink} to={`${paths.settingsMessageLog}?patientId=${encodeURIComponent(patientId)}`} size="small">
        {t('patients.messages.openLog')}
      </Button>
    ) : null;

  if (messages.isError)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {errorMessage(messages.error)}
      </Alert>
    );
  if (messages.isPending)
    return (
      <Box sx={{ p: 2 }} aria-busy="true">
        <Skeleton variant="rounded" height={56} sx={{ mb: 1 }} />
        <Skeleton variant="rounded" height={56} />
      </Box>
    );
  if (total === 0) return <EmptyState icon={<SmsOutlined />} title={t('patients.messages.empty')} description={t('patients.messages.emptyDescription')} />;
  return (
    <Box sx={{ p: 2 }}>
      {logLink ? <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>{logLink}</Box> : null}
      <MessageList label={t('patients.messages.label')} messages={rows} />
      <ListPagination
        total={total}
        list={{
          page,
          pageSize,
          setPage,
          setPageSize: (size) => {
            setPageSize(size);
            setPage(1);
          },
        }}
      />
    </Box>
  );
}
