import { SERVICE_CATEGORIES, type ServiceListQuery } from '@caredesk/shared';
import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined';
import { FacilityFilter } from '@/components/facility-select';
import { ACTIVE_FILTER_OPTIONS, FilterSelect, toFilterOptions } from '@/components/records/filter-select';
import { RecordListPage } from '@/components/records/record-list-page';
import { useListParams } from '@/components/records/use-list-params';
import { useManagesFacilities } from '@/components/use-facilities';
import { paths } from '@/config/paths';
import { exportServices } from '../api/export-services';
import { useServices } from '../api/get-services';
import { otherServiceColumns, ServiceCard, serviceSortFields } from '../components/service-columns';
import { useT } from '../i18n';

const SORT_KEYS = ['name', 'category', 'price', 'createdAt'] as const;
const FILTER_KEYS = ['category', 'facilityId', 'active'] as const;
const CATEGORY_OPTIONS = toFilterOptions(SERVICE_CATEGORIES.OTHER);

/** /service: everything else the organisation offers (home care, procedures…). */
export default function OtherServicesPage() {
  const t = useT();
  // Every menu calls this area 'Other Services' (shared navigation): the catalogue gives its words.
  const title = t('services.title', { kind: 'other' });
  const list = useListParams({ sortKeys: SORT_KEYS, filterKeys: FILTER_KEYS });
  const services = useServices({ ...list.query, kind: 'OTHER' } as ServiceListQuery);
  const showFacility = useManagesFacilities();

  return (
    <RecordListPage
      title={title}
      icon={<VolunteerActivismOutlined />}
      addLabel={t('services.add', { kind: 'other' })}
      addHref={paths.newRecord(paths.services)}
      emptyTitle={t('services.empty', { kind: 'other' })}
      emptyAction={t('services.addFirst', { kind: 'other' })}
      list={list}
      result={services}
      onExport={() => exportServices({ ...list.exportQuery, kind: 'OTHER' } as ServiceListQuery, 'other-services.csv')}
      columns={otherServiceColumns(showFacility)}
      sortFields={serviceSortFields}
      rowHref={(service) => paths.record(paths.services, service.id)}
      renderCard={(service) => <ServiceCard service={service} />}
      filters={
        <>
          <FilterSelect label={t('services.filter.category')} value={list.filters.category} options={CATEGORY_OPTIONS} onChange={(value) => list.setFilter('category', value)} />
          <FacilityFilter value={list.filters.facilityId} onChange={(value) => list.setFilter('facilityId', value)} />
          <FilterSelect label={t('services.filter.status')} value={list.filters.active} options={ACTIVE_FILTER_OPTIONS} onChange={(value) => list.setFilter('active', value)} />
        </>
      }
    />
  );
}
