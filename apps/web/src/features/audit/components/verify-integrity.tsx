import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { fDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import type { useVerifyAuditTrail } from '../api/verify-audit-trail';

type Verification = ReturnType<typeof useVerifyAuditTrail>;

export function VerifyIntegrityButton({ verify }: { verify: Verification }) {
  return (
    <Button variant="outlined" startIcon={<VerifiedUserOutlined />} onClick={() => verify.mutate()} loading={verify.isPending}>
      Verify integrity
    </Button>
  );
}

/** What the server found walking the organisation's hash chain. */
export function VerifyIntegrityResult({ verify }: { verify: Verification }) {
  if (verify.error) return <Alert severity="error">{errorMessage(verify.error)}</Alert>;
  const result = verify.data;
  if (!result) return null;
  if (result.firstBroken)
    return (
      <Alert severity="error" role="alert">
        Tampering detected at entry #{result.firstBroken.seq}: {result.firstBroken.reason}
      </Alert>
    );
  return (
    <Alert severity="success" role="status">
      Audit trail intact: {result.checked} entries checked
      {result.anchor ? ` (anchored outside the database up to entry #${result.anchor.seq}, ${fDateTime(result.anchor.at)})` : ''}
    </Alert>
  );
}
