import { tokenLabel } from '@caredesk/shared';
import Box from '@mui/material/Box';
import { useParams } from 'react-router';
import { UpcomingSlots } from '@/components/availability/upcoming-slots';
import { WeeklySchedule } from '@/components/availability/weekly-schedule';
import { DetailList } from '@/components/records/detail-list';
import { FormSection } from '@/components/records/form-section';
import { RecordActions } from '@/components/records/record-actions';
import { RecordHeader } from '@/components/records/record-header';
import { RecordLoadState } from '@/components/records/record-states';
import { useManagesFacilities } from '@/components/use-facilities';
import { paths } from '@/config/paths';
import { fDate, fPhone, fRupees } from '@/lib/format';
import { useDeleteDoctor } from '../api/delete-doctor';
import { useDoctorDays } from '../api/doctor-days';
import { useDoctor } from '../api/get-doctor';
import { useUpdateDoctor } from '../api/update-doctor';
import { DayChanges } from '../components/day-changes';
import { LeaveDayVisits } from '../components/leave-day-visits';
import { useT } from '../i18n';

/** /doctor/:id: profile, fees, schedule, appointments still booked on leave days, the next 7 days of slots. */
export default function DoctorViewPage() {
  const t = useT();
  const id = useParams().id ?? '';
  const doctor = useDoctor(id);
  const update = useUpdateDoctor();
  const remove = useDeleteDoctor();
  const showFacility = useManagesFacilities();
  const days = useDoctorDays(id);
  const changedHours = new Map((days.data ?? []).flatMap((change) => (change.windows ? [[change.date, change.windows] as const] : [])));

  if (!doctor.data) {
    return <RecordLoadState title={t('doctors.doctor')} error={doctor.error} notFoundTitle={t('doctors.notFound')} backHref={paths.doctors} backLabel={t('doctors.back')} />;
  }
  const d = doctor.data;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <RecordHeader
        name={d.name}
        subtitle={d.specialization}
        imageUrl={d.photoUrl}
        active={d.active}
        actions={
          <RecordActions
            noun="doctor"
            name={d.name}
            active={d.active}
            editHref={paths.editRecord(paths.doctors, d.id)}
            listHref={paths.doctors}
            onSetActive={(active) => update.mutateAsync({ id: d.id, changes: { active } })}
            onDelete={() => remove.mutateAsync(d.id)}
          />
        }
      />
      <LeaveDayVisits doctorId={d.id} leaveDates={d.leaveDates} />
      <DayChanges doctor={d} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
        <FormSection title={t('doctors.view.details')}>
          <DetailList
            items={[
              { label: t('doctors.view.fee'), value: fRupees(d.consultationFeePaise / 100) },
              { label: t('doctors.view.slotLength'), value: t('doctors.view.minutes', { count: d.slotMinutes }) },
              { label: t('doctors.view.patientsPerSlot'), value: d.patientsPerSlot },
              { label: t('doctors.view.extraPerDay'), value: d.extraPerDay },
              { label: t('doctors.view.experience'), value: d.experienceYears === null ? null : t('doctors.view.years', { count: d.experienceYears }) },
              { label: t('doctors.view.qualifications'), value: d.qualifications },
              { label: t('doctors.view.facility'), value: d.facilityName, hidden: !showFacility },
              { label: t('doctors.view.room'), value: d.room },
              {
                label: t('doctors.view.tokenPrefix'),
                value: d.tokenPrefix ? t('doctors.view.tokenPrefixValue', { prefix: d.tokenPrefix, example: tokenLabel(7, d.tokenPrefix) }) : null,
              },
              { label: t('doctors.view.phone'), value: d.phone ? fPhone(d.phone) : null },
              { label: t('doctors.view.email'), value: d.email },
              { label: t('doctors.view.leaveDates'), value: d.leaveDates.length ? d.leaveDates.map(fDate).join(', ') : null },
              { label: t('doctors.view.bio'), value: d.bio },
            ]}
          />
        </FormSection>
        <FormSection title={t('doctors.view.schedule')}>
          <WeeklySchedule availability={d.availability} />
        </FormSection>
      </Box>
      <FormSection title={t('doctors.view.nextDays')} description={t('doctors.view.slotsSummary', { minutes: d.slotMinutes, count: d.patientsPerSlot })}>
        <UpcomingSlots availability={d.availability} slotMinutes={d.slotMinutes} leaveDates={d.leaveDates} changedHours={changedHours} />
      </FormSection>
    </Box>
  );
}
