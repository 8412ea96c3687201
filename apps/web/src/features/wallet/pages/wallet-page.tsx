import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { enqueueSnackbar } from '@/components/toast';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PageContainer } from '@/components/page-container';
import { errorMessage } from '@/lib/http';
import { exportWalletEntries } from '../api/export-wallet-entries';
import { useWalletEntries } from '../api/get-wallet-entries';
import { useLedgerParams } from '../components/use-ledger-params';
import { WalletBalanceCard } from '../components/wallet-balance-card';
import { WalletLedger } from '../components/wallet-ledger';
import { WalletLedgerFilters } from '../components/wallet-ledger-filters';
import { useT } from '../i18n';
import { showsStaleRows } from '@/components/records/shows-stale-rows';

/** /wallet: the balance, a recharge for admins, and the ledger with filters and CSV export. */
export default function WalletPage() {
  const list = useLedgerParams();
  const t = useT();
  const entries = useWalletEntries(list.query);
  const [exporting, setExporting] = useState(false);
  const rows = entries.data?.data ?? [];
  const total = entries.data?.total ?? 0;
  const empty = !entries.isPending && !entries.error && total === 0;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportWalletEntries(list.exportQuery);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setExporting(false);
    }
  };

  let ledger;
  if (entries.error) ledger = <Alert severity="error">{errorMessage(entries.error)}</Alert>;
  else if (empty)
    ledger = (
      <Card variant="outlined">
        {list.narrowed ? (
          <EmptyState icon={<SearchOffOutlined />} title={t('wallet.noMatches')} description={t('wallet.noMatchesBody')} />
        ) : (
          <EmptyState icon={<ReceiptLongOutlined />} title={t('wallet.empty')} description={t('wallet.emptyBody')} />
        )}
      </Card>
    );
  else
    ledger = (
      <Card variant="outlined" sx={{ overflowX: 'auto', p: { xs: 1.5, md: 0 } }}>
        <WalletLedger entries={rows} total={total} loading={showsStaleRows(entries)} list={list} />
      </Card>
    );

  return (
    <PageContainer title={t('wallet.title')}>
      <WalletBalanceCard />
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h6" component="h2">
            {t('wallet.transactions')}
          </Typography>
          <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => void exportCsv()} disabled={exporting}>
            {t('wallet.exportCsv')}
          </Button>
        </Stack>
        <WalletLedgerFilters list={list} />
        {ledger}
      </Stack>
    </PageContainer>
  );
}
