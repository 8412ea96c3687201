import { AGE_BANDS, genders } from '@caredesk/shared';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import { FilterSelect, type FilterOption } from '@/components/records/filter-select';
import { RecordListPage } from '@/components/records/record-list-page';
import { useListParams } from '@/components/records/use-list-params';
import { paths } from '@/config/paths';
import { exportPatients } from '../api/export-patients';
import { usePatients } from '../api/get-patients';
import { PatientCard, patientColumns, patientSortFields } from '../components/patient-columns';
import { useT } from '../i18n';
import { usePatientsTitle } from '../components/use-patients-title';
import { genderLabel } from '@/i18n/shared-labels';

const SORT_KEYS = ['name', 'createdAt', 'dateOfBirth'] as const;
const FILTER_KEYS = ['gender', 'ageBand'] as const;

/** /user: every patient of the organisation, searched by name or phone digits. */
export default function PatientsPage() {
  const t = useT();
  const { kind, title } = usePatientsTitle();
  const genderOptions: FilterOption[] = genders.map((gender) => ({ value: gender, label: genderLabel(gender) }));
  const ageBandOptions: FilterOption[] = Object.keys(AGE_BANDS).map((band) => ({ value: band, label: t('patients.list.ageBand', { band }) }));
  const list = useListParams({ sortKeys: SORT_KEYS, filterKeys: FILTER_KEYS });
  const patients = usePatients(list.query);

  return (
    <RecordListPage
      title={title}
      icon={<PeopleAltOutlined />}
      addLabel={t('patients.page.add', { kind })}
      addHref={paths.newRecord(paths.patients)}
      emptyTitle={t('patients.list.empty', { kind })}
      emptyAction={t('patients.list.emptyAction', { kind })}
      list={list}
      result={patients}
      onExport={() => exportPatients(list.exportQuery)}
      columns={patientColumns()}
      sortFields={patientSortFields}
      rowHref={(patient) => paths.record(paths.patients, patient.id)}
      renderCard={(patient) => <PatientCard patient={patient} />}
      searchPlaceholder={t('patients.list.search')}
      filters={
        <>
          <FilterSelect label={t('patients.list.gender')} value={list.filters.gender} options={genderOptions} onChange={(value) => list.setFilter('gender', value)} />
          <FilterSelect label={t('patients.list.age')} value={list.filters.ageBand} options={ageBandOptions} onChange={(value) => list.setFilter('ageBand', value)} />
        </>
      }
    />
  );
}
