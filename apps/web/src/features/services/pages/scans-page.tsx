import { SERVICE_CATEGORIES, type ServiceListQuery } from '@caredesk/shared';
import BiotechOutlined from '@mui/icons-material/BiotechOutlined';
import { FacilityFilter } from '@/components/facility-select';
import { ACTIVE_FILTER_OPTIONS, FilterSelect, toFilterOptions } from '@/components/records/filter-select';
import { RecordListPage } from '@/components/records/record-list-page';
import { useListParams } from '@/components/records/use-list-params';
import { useManagesFacilities } from '@/components/use-facilities';
import { paths } from '@/config/paths';
import { exportServices } from '../api/export-services';
import { useServices } from '../api/get-services';
import { scanColumns, ServiceCard, serviceSortFields } from '../components/service-columns';
import { useScanTitle } from '../components/use-scan-noun';

const SORT_KEYS = ['name', 'category', 'price', 'createdAt'] as const;
const FILTER_KEYS = ['kind', 'category', 'facilityId', 'active'] as const;
const KIND_OPTIONS = [
  { value: 'SCAN', label: 'Scans' },
  { value: 'TEST', label: 'Tests' },
];

/** /scan: scans and tests. */
export default function ScansPage() {
  const { title, noun } = useScanTitle();
  const list = useListParams({ sortKeys: SORT_KEYS, filterKeys: FILTER_KEYS });
  const kind = list.filters.kind === 'SCAN' || list.filters.kind === 'TEST' ? list.filters.kind : null;
  const withKind = (query: Record<string, string | number>) => ({ ...query, kind: kind ?? 'SCAN,TEST' }) as ServiceListQuery;
  const services = useServices(withKind(list.query));
  const showFacility = useManagesFacilities();
  const categories = kind ? SERVICE_CATEGORIES[kind] : [...SERVICE_CATEGORIES.SCAN, ...SERVICE_CATEGORIES.TEST];

  return (
    <RecordListPage
      title={title}
      icon={<BiotechOutlined />}
      addLabel={`Add ${noun}`}
      addHref={paths.newRecord(paths.scans)}
      emptyTitle={`No ${title.toLowerCase()} yet`}
      emptyAction={`Add your first ${noun}`}
      list={list}
      result={services}
      onExport={() => exportServices(withKind(list.exportQuery), 'scans-and-tests.csv')}
      columns={scanColumns(showFacility)}
      sortFields={serviceSortFields}
      rowHref={(service) => paths.record(paths.scans, service.id)}
      renderCard={(service) => <ServiceCard service={service} />}
      filters={
        <>
          <FilterSelect label="Kind" value={list.filters.kind} options={KIND_OPTIONS} onChange={(value) => list.setFilter('kind', value)} />
          <FilterSelect label="Category" value={list.filters.category} options={toFilterOptions(categories)} onChange={(value) => list.setFilter('category', value)} />
          <FacilityFilter value={list.filters.facilityId} onChange={(value) => list.setFilter('facilityId', value)} />
          <FilterSelect label="Status" value={list.filters.active} options={ACTIVE_FILTER_OPTIONS} onChange={(value) => list.setFilter('active', value)} />
        </>
      }
    />
  );
}
