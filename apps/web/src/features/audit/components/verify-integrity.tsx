import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { fDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import type { useVerifyAuditTrail } from '../api/verify-audit-trail';
import { useT } from '../i18n';

type Verification = ReturnType<typeof useVerifyAuditTrail>;

export function VerifyIntegrityButton({ verify }: { verify: Verification }) {
  const t = useT();
  return (
    <Button variant="outlined" startIcon={<VerifiedUserOutlined />} onClick={() => verify.mutate()} loading={verify.isPending}>
      {t('audit.verify')}
    </Button>
  );
}

/** What the server found walking the organisation's hash chain. */
export function VerifyIntegrityResult({ verify }: { verify: Verification }) {
  const t = useT();
  if (verify.error) return <Alert severity="error">{errorMessage(verify.error)}</Alert>;
  const result = verify.data;
  if (!result) return null;
  if (result.firstBroken)
    return (
      <Alert severity="error" role="alert">
        {t('audit.tampered', { seq: result.firstBroken.seq, reason: result.firstBroken.reason })}
      </Alert>
    );
  return (
    <Alert severity="success" role="status">
      {result.anchor
        ? t('audit.intactAnchored', { checked: result.checked, seq: result.anchor.seq, at: fDateTime(result.anchor.at) })
        : t('audit.intact', { checked: result.checked })}
    </Alert>
  );
}
