import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import { enqueueSnackbar } from '@/components/toast';
import { useMemo, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PageContainer } from '@/components/page-container';
import { errorMessage } from '@/lib/http';
import { exportAuditEvents } from '../api/export-audit-events';
import { useAuditEvents } from '../api/get-audit-events';
import { useAuditPeople } from '../api/get-audit-people';
import { useVerifyAuditTrail } from '../api/verify-audit-trail';
import { AuditFilters } from '../components/audit-filters';
import { AuditTable } from '../components/audit-table';
import { useAuditParams } from '../components/use-audit-params';
import { VerifyIntegrityButton, VerifyIntegrityResult } from '../components/verify-integrity';
import { useT } from '../i18n';
import { showsStaleRows } from '@/components/records/shows-stale-rows';

/** /settings/audit (admins): who did what, when and from where; export and verify the chain. */
export default function AuditLogPage() {
  const t = useT();
  const list = useAuditParams();
  const events = useAuditEvents(list.query);
  const staff = useAuditPeople();
  const verify = useVerifyAuditTrail();
  const [exporting, setExporting] = useState(false);
  const rows = useMemo(() => events.data?.data ?? [], [events.data]);
  const total = events.data?.total ?? 0;

  // Staff of the organisation, plus anyone in the log no longer on the staff list.
  const people = useMemo(() => {
    const byId = new Map((staff.data ?? []).map((person) => [person.id, person.name]));
    for (const event of rows) if (event.staffId && !byId.has(event.staffId)) byId.set(event.staffId, event.staffName ?? event.staffId);
    return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [staff.data, rows]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportAuditEvents(list.exportQuery);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setExporting(false);
    }
  };

  let content;
  if (events.error) content = <Alert severity="error">{errorMessage(events.error)}</Alert>;
  else if (!events.isPending && total === 0)
    content = (
      <Card variant="outlined">
        {list.narrowed ? (
          <EmptyState icon={<SearchOffOutlined />} title={t('audit.noMatches')} description={t('audit.noMatchesBody')} />
        ) : (
          <EmptyState icon={<HistoryOutlined />} title={t('audit.empty')} description={t('audit.emptyBody')} />
        )}
      </Card>
    );
  else
    content = (
      <Card variant="outlined" sx={{ p: { xs: 1.5, md: 0 } }}>
        <AuditTable events={rows} total={total} loading={showsStaleRows(events)} list={list} />
      </Card>
    );

  return (
    <PageContainer
      title={t('audit.title')}
      actions={
        <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => void exportCsv()} loading={exporting}>
            {t('audit.exportCsv')}
          </Button>
          <VerifyIntegrityButton verify={verify} />
        </Stack>
      }
    >
      <VerifyIntegrityResult verify={verify} />
      <AuditFilters list={list} people={people} />
      {content}
    </PageContainer>
  );
}
