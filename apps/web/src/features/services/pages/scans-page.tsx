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
import { useT } from '../i18n';

const SORT_KEYS = ['name', 'category', 'price', 'createdAt'] as const;
const FILTER_KEYS = ['kind', 'category', 'facilityId', 'active'] as const;

/** /scan: scans and tests. */
export default function ScansPage() {
  const t = useT();
  const { kind: listKind } = useScanTitle();
  const title = t('services.title', { kind: listKind });
  const kindOptions = [
    { value: 'SCAN', label: t('services.kind.scans') },
    { value: 'TEST', label: t('services.kind.tests') },
  ];
  const list = useListParams({ sortKeys: SORT_KEYS, filterKeys: FILTER_KEYS });
  const kind = list.filters.kind === 'SCAN' || list.filters.kind === 'TEST' ? list.filters.kind : null;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the kinds the API is asked for
  const withKind = (query: Record<string, string | number>) => ({ ...query, kind: kind ?? 'SCAN,TEST' }) as ServiceListQuery;
  const services = useServices(withKind(list.query));
  const showFacility = useManagesFacilities();
  const categories = kind ? SERVICE_CATEGORIES[kind] : [...SERVICE_CATEGORIES.SCAN, ...SERVICE_CATEGORIES.TEST];

  return (
    <RecordListPage
      title={title}
      icon={<BiotechOutlined />}
      addLabel={t('services.add', { kind: listKind })}
      addHref={paths.newRecord(paths.scans)}
      emptyTitle={t('services.empty', { kind: listKind })}
      emptyAction={t('services.addFirst', { kind: listKind })}
      list={list}
      result={services}
      onExport={() => exportServices(withKind(list.exportQuery), 'scans-and-tests.csv')}
      columns={scanColumns(showFacility)}
      sortFields={serviceSortFields}
      rowHref={(service) => paths.record(paths.scans, service.id)}
      renderCard={(service) => <ServiceCard service={service} />}
      filters={
        <>
          <FilterSelect label={t('services.filter.kind')} value={list.filters.kind} options={kindOptions} onChange={(value) => list.setFilter('kind', value)} />
          <FilterSelect
            label={t('services.filter.category')}
            value={list.filters.category}
            options={toFilterOptions(categories)}
            onChange={(value) => list.setFilter('category', value)}
          />
          <FacilityFilter value={list.filters.facilityId} onChange={(value) => list.setFilter('facilityId', value)} />
          <FilterSelect label={t('services.filter.status')} value={list.filters.active} options={ACTIVE_FILTER_OPTIONS} onChange={(value) => list.setFilter('active', value)} />
        </>
      }
    />
  );
}
