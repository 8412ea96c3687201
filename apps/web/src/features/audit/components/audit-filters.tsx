import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { DateRangeFilter } from '@/components/records/date-range-filter';
import { FilterSelect, type FilterOption } from '@/components/records/filter-select';
import { ACTION_OPTIONS, ENTITY_OPTIONS } from './audit-labels';
import type { AuditParams } from './use-audit-params';

interface AuditFiltersProps {
  list: Pick<AuditParams, 'filters' | 'narrowed' | 'setFilter' | 'clearFilters'>;
  people: readonly FilterOption[];
}

/** Person, action, entity and a date range (either end may stay open). */
export function AuditFilters({ list, people }: AuditFiltersProps) {
  const { staffId, action, entity, from, to } = list.filters;
  return (
    <Box role="search" aria-label="Audit log filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <FilterSelect label="Person" value={staffId} options={people} allLabel="Everyone" onChange={(value) => list.setFilter('staffId', value)} />
      <FilterSelect label="Action" value={action} options={ACTION_OPTIONS} onChange={(value) => list.setFilter('action', value)} />
      <FilterSelect label="Entity" value={entity} options={ENTITY_OPTIONS} onChange={(value) => list.setFilter('entity', value)} />
      <DateRangeFilter from={from} to={to} onChange={list.setFilter} />
      {list.narrowed ? (
        <Button onClick={list.clearFilters} color="inherit">
          Clear filters
        </Button>
      ) : null}
    </Box>
  );
}
