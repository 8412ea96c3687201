import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { FilterSelect } from '@/components/records/filter-select';
import type { LedgerParams } from './use-ledger-params';

const KIND_OPTIONS = [
  { value: 'CREDIT', label: 'Credit' },
  { value: 'DEBIT', label: 'Debit' },
] as const;

const dateField = { flex: '1 1 140px', minWidth: 0, maxWidth: { md: 180 } } as const;

/** Credit or debit, and a date range (either end may stay open). */
export function WalletLedgerFilters({ list }: { list: Pick<LedgerParams, 'filters' | 'narrowed' | 'setFilter' | 'clearFilters'> }) {
  const { kind, from, to } = list.filters;
  return (
    <Box role="search" aria-label="Transaction filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <FilterSelect label="Type" value={kind} options={KIND_OPTIONS} onChange={(value) => list.setFilter('kind', value)} />
      <TextField
        type="date"
        size="small"
        label="From"
        value={from}
        onChange={(event) => list.setFilter('from', event.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
        sx={dateField}
      />
      <TextField
        type="date"
        size="small"
        label="To"
        value={to}
        onChange={(event) => list.setFilter('to', event.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
        sx={dateField}
      />
      {list.narrowed ? (
        <Button onClick={list.clearFilters} color="inherit">
          Clear filters
        </Button>
      ) : null}
    </Box>
  );
}
