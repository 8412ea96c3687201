import type { MessageLogItem } from '@caredesk/shared';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import { enqueueSnackbar } from '@/components/toast';
import { useState } from 'react';
import { useMessages } from '@/components/messages/api/get-messages';
import { EmptyState } from '@/components/empty-state';
import { PageContainer } from '@/components/page-container';
import { ListPagination } from '@/components/records/list-pagination';
import { errorMessage } from '@/lib/http';
import { useSessionUser } from '@/lib/session';
import { exportMessages } from '../api/export-messages';
import { useRetryMessage } from '../api/retry-message';
import { MessageLogFilters } from '../components/message-log-filters';
import { MessageLogTable } from '../components/message-log-table';
import { MessagesNav } from '../components/messages-nav';
import { useMessageLogParams } from '../components/use-message-log-params';
import { useT } from '../i18n';
import { showsStaleRows } from '@/components/records/shows-stale-rows';

/** /settings/messages/log: every message to patients, newest first; filter, export, retry (admins). */
export default function MessageLogPage() {
  const t = useT();
  const admin = useSessionUser()?.role === 'ADMIN';
  const list = useMessageLogParams();
  const messages = useMessages(list.query);
  const retry = useRetryMessage();
  const [exporting, setExporting] = useState(false);
  const rows = messages.data?.data ?? [];
  const total = messages.data?.total ?? 0;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportMessages(list.exportQuery);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const onRetry = (message: MessageLogItem) =>
    retry.mutate(message.id, {
      onSuccess: () => enqueueSnackbar(t('messages.retryQueued'), { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });

  let content;
  if (messages.error) content = <Alert severity="error">{errorMessage(messages.error)}</Alert>;
  else if (messages.isPending) content = <Skeleton variant="rounded" height={240} />;
  else if (total === 0)
    content = (
      <Card variant="outlined">
        {list.narrowed ? (
          <EmptyState icon={<SearchOffOutlined />} title={t('messages.noMatches')} description={t('messages.noMatchesBody')} />
        ) : (
          <EmptyState icon={<SmsOutlined />} title={t('messages.empty')} description={t('messages.emptyBody')} />
        )}
      </Card>
    );
  else
    content = (
      <Card variant="outlined">
        <MessageLogTable messages={rows} loading={showsStaleRows(messages)} onRetry={admin ? onRetry : undefined} retryingId={retry.isPending ? (retry.variables ?? null) : null} />
        <ListPagination total={total} list={list} indent />
      </Card>
    );

  return (
    <PageContainer
      title={t('messages.log.title')}
      actions={
        <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => void exportCsv()} loading={exporting}>
          {t('messages.exportCsv')}
        </Button>
      }
    >
      <MessagesNav admin={admin} />
      <MessageLogFilters list={list} patientName={list.filters.patientId ? (rows[0]?.patientName ?? null) : null} />
      {content}
    </PageContainer>
  );
}
