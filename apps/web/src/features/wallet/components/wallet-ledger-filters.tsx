import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { DateRangeFilter } from '@/components/records/date-range-filter';
import { FilterSelect } from '@/components/records/filter-select';
import { useT } from '../i18n';
import type { LedgerParams } from './use-ledger-params';

/** Credit or debit, and a date range (either end may stay open). */
export function WalletLedgerFilters({ list }: { list: Pick<LedgerParams, 'filters' | 'narrowed' | 'setFilter' | 'clearFilters'> }) {
  const { kind, from, to } = list.filters;
  const t = useT();
  const kindOptions = [
    { value: 'CREDIT', label: t('wallet.credit') },
    { value: 'DEBIT', label: t('wallet.debit') },
  ];
  return (
    <Box role="search" aria-label={t('wallet.filters')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <FilterSelect label={t('wallet.type')} value={kind} options={kindOptions} onChange={(value) => list.setFilter('kind', value)} />
      <DateRangeFilter from={from} to={to} onChange={list.setFilter} />
      {list.narrowed ? (
        <Button onClick={list.clearFilters} color="inherit">
          {t('wallet.clearFilters')}
        </Button>
      ) : null}
    </Box>
  );
}
