import { AGE_BANDS, genderLabels, genders } from '@caredesk/shared';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import { useMenuTitle } from '@/components/menu-title';
import { FilterSelect, type FilterOption } from '@/components/records/filter-select';
import { RecordListPage } from '@/components/records/record-list-page';
import { useListParams } from '@/components/records/use-list-params';
import { paths } from '@/config/paths';
import { exportPatients } from '../api/export-patients';
import { usePatients } from '../api/get-patients';
import { PatientCard, patientColumns, patientSortFields } from '../components/patient-columns';

const SORT_KEYS = ['name', 'createdAt', 'dateOfBirth'] as const;
const FILTER_KEYS = ['gender', 'ageBand'] as const;
const GENDER_OPTIONS: FilterOption[] = genders.map((gender) => ({ value: gender, label: genderLabels[gender] }));
const AGE_BAND_OPTIONS: FilterOption[] = Object.keys(AGE_BANDS).map((band) => ({ value: band, label: `${band} years` }));

/** /user: every patient of the organisation, searched by name or phone digits. */
export default function PatientsPage() {
  const title = useMenuTitle('patients', 'Patients');
  const singular = title === 'Users' ? 'user' : 'patient';
  const list = useListParams({ sortKeys: SORT_KEYS, filterKeys: FILTER_KEYS });
  const patients = usePatients(list.query);

  return (
    <RecordListPage
      title={title}
      icon={<PeopleAltOutlined />}
      addLabel={`Add ${singular}`}
      addHref={paths.newRecord(paths.patients)}
      emptyTitle={`No ${title.toLowerCase()} yet`}
      emptyAction={`Add your first ${singular}`}
      list={list}
      result={patients}
      onExport={() => exportPatients(list.exportQuery)}
      columns={patientColumns}
      sortFields={patientSortFields}
      rowHref={(patient) => paths.record(paths.patients, patient.id)}
      renderCard={(patient) => <PatientCard patient={patient} />}
      searchPlaceholder="Name or phone number"
      filters={
        <>
          <FilterSelect label="Gender" value={list.filters.gender} options={GENDER_OPTIONS} onChange={(value) => list.setFilter('gender', value)} />
          <FilterSelect label="Age" value={list.filters.ageBand} options={AGE_BAND_OPTIONS} onChange={(value) => list.setFilter('ageBand', value)} />
        </>
      }
    />
  );
}
