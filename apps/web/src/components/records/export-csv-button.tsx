import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { enqueueSnackbar } from '@/components/toast';
import { errorMessage } from '@/lib/http';
import { useT } from './i18n';

/** 'Export CSV' of a list's current filter: disabled while it downloads; a failure is a toast. */
export function ExportCsvButton({ onExport }: { onExport: () => Promise<void> }) {
  const t = useT();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await onExport();
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => void exportCsv()} disabled={exporting} sx={{ ml: { md: 'auto' }, flexShrink: 0 }}>
      {t('records.exportCsv')}
    </Button>
  );
}
