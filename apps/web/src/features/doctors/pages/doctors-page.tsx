import { SPECIALIZATIONS, type DoctorListQuery } from '@caredesk/shared';
import MedicalServicesOutlined from '@mui/icons-material/MedicalServicesOutlined';
import { FacilityFilter } from '@/components/facility-select';
import { ACTIVE_FILTER_OPTIONS, FilterSelect, toFilterOptions } from '@/components/records/filter-select';
import { RecordListPage } from '@/components/records/record-list-page';
import { useListParams } from '@/components/records/use-list-params';
import { useManagesFacilities } from '@/components/use-facilities';
import { paths } from '@/config/paths';
import { exportDoctors } from '../api/export-doctors';
import { useDoctors } from '../api/get-doctors';
import { DoctorCard, doctorColumns, doctorSortFields } from '../components/doctor-columns';
import { useT } from '../i18n';

const SORT_KEYS = ['name', 'specialization', 'consultationFee', 'createdAt'] as const;
const FILTER_KEYS = ['specialization', 'facilityId', 'active'] as const;
const SPECIALIZATION_OPTIONS = toFilterOptions(SPECIALIZATIONS);

export default function DoctorsPage() {
  const t = useT();
  // Every menu calls this area 'Doctors' (shared navigation): the catalogue gives its words.
  const title = t('doctors.title');
  const list = useListParams({ sortKeys: SORT_KEYS, filterKeys: FILTER_KEYS });
  const doctors = useDoctors(list.query as DoctorListQuery);
  const showFacility = useManagesFacilities();

  return (
    <RecordListPage
      title={title}
      icon={<MedicalServicesOutlined />}
      addLabel={t('doctors.add')}
      addHref={paths.newRecord(paths.doctors)}
      emptyTitle={t('doctors.empty')}
      emptyAction={t('doctors.addFirst')}
      list={list}
      result={doctors}
      onExport={() => exportDoctors(list.exportQuery as DoctorListQuery)}
      columns={doctorColumns(showFacility)}
      sortFields={doctorSortFields}
      rowHref={(doctor) => paths.record(paths.doctors, doctor.id)}
      renderCard={(doctor) => <DoctorCard doctor={doctor} />}
      filters={
        <>
          <FilterSelect
            label={t('doctors.filter.specialization')}
            value={list.filters.specialization}
            options={SPECIALIZATION_OPTIONS}
            onChange={(value) => list.setFilter('specialization', value)}
          />
          <FacilityFilter value={list.filters.facilityId} onChange={(value) => list.setFilter('facilityId', value)} />
          <FilterSelect label={t('doctors.filter.status')} value={list.filters.active} options={ACTIVE_FILTER_OPTIONS} onChange={(value) => list.setFilter('active', value)} />
        </>
      }
    />
  );
}
