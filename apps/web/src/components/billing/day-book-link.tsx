import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from './i18n';

/** 'Day book' in the Appointments (Bookings) list's header: the day's receipts and the cash count. */
export function DayBookLink() {
  const t = useT();
  return (
    <Button variant="outlined" startIcon={<ReceiptLongOutlined />} component={RouterLink} to={paths.dayBook}>
      {t('billing.dayBook')}
    </Button>
  );
}
