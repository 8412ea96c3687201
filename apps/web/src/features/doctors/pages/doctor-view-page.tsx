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
import { useDoctor } from '../api/get-doctor';
import { useUpdateDoctor } from '../api/update-doctor';
import { LeaveDayVisits } from '../components/leave-day-visits';

/** /doctor/:id: profile, fees, schedule, appointments still booked on leave days, the next 7 days of slots. */
export default function DoctorViewPage() {
  const id = useParams().id ?? '';
  const doctor = useDoctor(id);
  const update = useUpdateDoctor();
  const remove = useDeleteDoctor();
  const showFacility = useManagesFacilities();

  if (!doctor.data) {
    return <RecordLoadState title="Doctor" error={doctor.error} notFoundTitle="Doctor not found" backHref={paths.doctors} backLabel="Back to doctors" />;
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
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
        <FormSection title="Details">
          <DetailList
            items={[
              { label: 'Consultation fee', value: fRupees(d.consultationFeePaise / 100) },
              { label: 'Slot length', value: `${d.slotMinutes} minutes` },
              { label: 'Patients per slot', value: d.patientsPerSlot },
              { label: 'Experience', value: d.experienceYears === null ? null : `${d.experienceYears} years` },
              { label: 'Qualifications', value: d.qualifications },
              { label: 'Facility', value: d.facilityName, hidden: !showFacility },
              { label: 'Room', value: d.room },
              { label: 'Token prefix', value: d.tokenPrefix ? `${d.tokenPrefix} (tokens show as ${tokenLabel(7, d.tokenPrefix)})` : null },
              { label: 'Phone', value: d.phone ? fPhone(d.phone) : null },
              { label: 'E-mail', value: d.email },
              { label: 'Leave dates', value: d.leaveDates.length ? d.leaveDates.map(fDate).join(', ') : null },
              { label: 'Bio', value: d.bio },
            ]}
          />
        </FormSection>
        <FormSection title="Weekly schedule">
          <WeeklySchedule availability={d.availability} />
        </FormSection>
      </Box>
      <FormSection title="Next 7 days" description={`${d.slotMinutes}-minute slots, ${d.patientsPerSlot} patient${d.patientsPerSlot === 1 ? '' : 's'} per slot.`}>
        <UpcomingSlots availability={d.availability} slotMinutes={d.slotMinutes} leaveDates={d.leaveDates} />
      </FormSection>
    </Box>
  );
}
