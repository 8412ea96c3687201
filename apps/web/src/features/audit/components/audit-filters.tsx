import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { DateRangeFilter } from '@/components/records/date-range-filter';
import { FilterSelect, type FilterOption } from '@/components/records/filter-select';
import { useT } from '../i18n';
import { actionOptions, entityOptions } from './audit-labels';
import type { AuditParams } from './use-audit-params';

interface AuditFiltersProps {
  list: Pick<AuditParams, 'filters' | 'narrowed' | 'setFilter' | 'clearFilters'>;
  people: readonly FilterOption[];
}

/** Person, action, entity and a date range (either end may stay open). */
export function AuditFilters({ list, people }: AuditFiltersProps) {
  const t = useT();
  const { staffId, action, entity, from, to } = list.filters;
  const setPerson = (value: string) => list.setFilter('staffId', value);
  return (
    <Box role="search" aria-label={t('audit.filters')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <FilterSelect label={t('audit.person')} value={staffId} options={people} allLabel={t('audit.everyone')} onChange={setPerson} />
      <FilterSelect label={t('audit.action')} value={action} options={actionOptions()} onChange={(value) => list.setFilter('action', value)} />
      <FilterSelect label={t('audit.entity')} value={entity} options={entityOptions()} onChange={(value) => list.setFilter('entity', value)} />
      <DateRangeFilter from={from} to={to} onChange={list.setFilter} />
      {list.narrowed ? (
        <Button onClick={list.clearFilters} color="inherit">
          {t('audit.clearFilters')}
        </Button>
      ) : null}
    </Box>
  );
}
