import type { WalletEntry } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { ListPagination } from '@/components/records/list-pagination';
import { fDateTime, fRupees } from '@/lib/format';
import { useT } from '../i18n';
import type { LedgerParams } from './use-ledger-params';

interface WalletLedgerProps {
  entries: readonly WalletEntry[];
  total: number;
  loading: boolean;
  list: Pick<LedgerParams, 'page' | 'pageSize' | 'sort' | 'order' | 'setPage' | 'setPageSize' | 'setSort'>;
}

/** '+₹500.00' for a credit, '−₹250.00' for a debit. */
export function signedAmount(entry: WalletEntry): string {
  return `${entry.kind === 'CREDIT' ? '+' : '−'}${fRupees(entry.amountPaise / 100)}`;
}

function KindChip({ kind }: { kind: WalletEntry['kind'] }) {
  const t = useT();
  return <Chip size="small" variant="outlined" label={kind === 'CREDIT' ? t('wallet.credit') : t('wallet.debit')} color={kind === 'CREDIT' ? 'success' : 'default'} />;
}

/** The ledger, newest first by default: a sortable table, and a card list on phones. */
export function WalletLedger({ entries, total, loading, list }: WalletLedgerProps) {
  const theme = useTheme();
  const t = useT();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const amountColor = (entry: WalletEntry) => (entry.kind === 'CREDIT' ? 'success.main' : 'text.primary');
  const sortHeader = (key: 'createdAt' | 'amount', label: string) => (
    <TableSortLabel
      active={list.sort === key}
      direction={list.sort === key ? list.order : 'desc'}
      onClick={() => list.setSort(key, list.sort === key && list.order === 'desc' ? 'asc' : 'desc')}
    >
      {label}
    </TableSortLabel>
  );
  const placeholder = loading && entries.length === 0;

  const body = phone ? (
    <Stack component="ul" aria-label={t('wallet.transactionsLabel')} aria-busy={loading} spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {placeholder
        ? Array.from({ length: 4 }, (_, index) => (
            <li key={index}>
              <Skeleton variant="rounded" height={72} />
            </li>
          ))
        : entries.map((entry) => (
            <li key={entry.id}>
              <Card variant="outlined" sx={{ p: 2, display: 'flex', gap: 1.5, justifyContent: 'space-between', opacity: loading ? 0.6 : 1 }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                    {entry.description}
                  </Typography>
                  <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 0.5 }}>
                    {fDateTime(entry.createdAt)}
                  </Typography>
                  <KindChip kind={entry.kind} />
                </Box>
                <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
                  <Typography variant="subtitle2" sx={{ color: amountColor(entry) }}>
                    {signedAmount(entry)}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {t('wallet.balanceAfterShort', { balance: fRupees(entry.balanceAfterPaise / 100) })}
                  </Typography>
                </Box>
              </Card>
            </li>
          ))}
    </Stack>
  ) : (
    <Table size="small" aria-label={t('wallet.transactionsLabel')} aria-busy={loading} sx={{ opacity: loading && !placeholder ? 0.6 : 1 }}>
      <TableHead>
        <TableRow>
          <TableCell sortDirection={list.sort === 'createdAt' ? list.order : false}>{sortHeader('createdAt', t('wallet.date'))}</TableCell>
          <TableCell>{t('wallet.description')}</TableCell>
          <TableCell>{t('wallet.type')}</TableCell>
          <TableCell align="right" sortDirection={list.sort === 'amount' ? list.order : false}>
            {sortHeader('amount', t('wallet.amountColumn'))}
          </TableCell>
          <TableCell align="right">{t('wallet.balanceAfter')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {placeholder
          ? Array.from({ length: 4 }, (_, index) => (
              <TableRow key={index}>
                <TableCell colSpan={5}>
                  <Skeleton />
                </TableCell>
              </TableRow>
            ))
          : entries.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{fDateTime(entry.createdAt)}</TableCell>
                <TableCell>{entry.description}</TableCell>
                <TableCell>
                  <KindChip kind={entry.kind} />
                </TableCell>
                <TableCell align="right" sx={{ color: amountColor(entry), fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {signedAmount(entry)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {fRupees(entry.balanceAfterPaise / 100)}
                </TableCell>
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );

  return (
    <Box>
      {body}
      <ListPagination total={total} list={list} indent />
    </Box>
  );
}
