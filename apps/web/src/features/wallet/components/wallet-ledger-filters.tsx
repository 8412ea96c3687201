import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { DateRangeFilter } from '@/components/records/date-range-filter';
import { FilterSelect } from '@/components/records/filter-select';
import type { LedgerParams } from './use-ledger-params';

const KIND_OPTIONS = [
  { value: 'CREDIT', label: 'Credit' },
  { value: 'DEBIT', label: 'Debit' },
] as const;

/** Credit or debit, and a date range (either end may stay open). */
export function WalletLedgerFilters({ list }: { list: Pick<LedgerParams, 'filters' | 'narrowed' | 'setFilter' | 'clearFilters'> }) {
  const { kind, from, to } = list.filters;
  return (
    <Box role="search" aria-label="Transaction filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <FilterSelect label="Type" value={kind} options={KIND_OPTIONS} onChange={(value) => list.setFilter('kind', value)} />
      <DateRangeFilter from={from} to={to} onChange={list.setFilter} />
      {list.narrowed ? (
        <Button onClick={list.clearFilters} color="inherit">
          Clear filters
        </Button>
      ) : null}
    </Box>
  );
}
