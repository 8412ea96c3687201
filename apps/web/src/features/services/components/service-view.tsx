import { DEFAULT_SERVICE_SLOT_MINUTES, tokenLabel } from '@caredesk/shared';
import BiotechOutlined from '@mui/icons-material/BiotechOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
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
import { fRupees } from '@/lib/format';
import { useDeleteService } from '../api/delete-service';
import { useService } from '../api/get-service';
import { useUpdateService } from '../api/update-service';
import { KindChip } from './service-columns';

/** Slots of a scan or test without a duration. */

interface ServiceViewProps {
  area: typeof paths.scans | typeof paths.services;
  noun: string;
  listTitle: string;
}

/** /scan/:id and /service/:id: the record's details; for scans and tests also preparation, schedule and slots. */
export function ServiceView({ area, noun, listTitle }: ServiceViewProps) {
  const id = useParams().id ?? '';
  const query = useService(id);
  const update = useUpdateService();
  const remove = useDeleteService();
  const showFacility = useManagesFacilities();
  const service = query.data;
  const wrongArea = service && (service.kind === 'OTHER') !== (area === paths.services);

  if (!service || wrongArea) {
    const back = `Back to ${listTitle.toLowerCase()}`;
    return <RecordLoadState title={listTitle} error={query.error} notFound={wrongArea} notFoundTitle="Not found" backHref={area} backLabel={back} />;
  }
  const scan = service.kind !== 'OTHER';
  const slotMinutes = service.durationMinutes ?? DEFAULT_SERVICE_SLOT_MINUTES;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <RecordHeader
        name={service.name}
        subtitle={service.category ?? undefined}
        imageUrl={service.imageUrl}
        fallbackIcon={<BiotechOutlined fontSize="large" />}
        active={service.active}
        chips={scan ? <KindChip kind={service.kind} /> : null}
        actions={
          <RecordActions
            noun={noun}
            name={service.name}
            active={service.active}
            editHref={paths.editRecord(area, service.id)}
            listHref={area}
            onSetActive={(active) => update.mutateAsync({ id: service.id, changes: { active } })}
            onDelete={() => remove.mutateAsync(service.id)}
          />
        }
      />
      {scan ? (
        <Alert severity={service.preparation ? 'info' : 'success'} variant="outlined">
          <AlertTitle>Preparation</AlertTitle>
          <Box sx={{ whiteSpace: 'pre-line' }}>{service.preparation ?? 'No preparation needed.'}</Box>
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: scan ? '1fr 1fr' : '1fr' }, alignItems: 'start' }}>
        <FormSection title="Details">
          <DetailList
            items={[
              { label: 'Price', value: fRupees(service.pricePaise / 100) },
              { label: 'Category', value: service.category },
              { label: 'GST', value: service.gstRateBp === 0 ? 'Exempt' : `${service.gstRateBp / 100} %` },
              { label: 'SAC/HSN code', value: service.sacCode },
              { label: 'Duration', value: service.durationMinutes === null ? null : `${service.durationMinutes} minutes`, hidden: !scan },
              { label: 'Report turnaround', value: service.reportTurnaroundHours === null ? null : `${service.reportTurnaroundHours} hours`, hidden: !scan },
              { label: 'Capacity per slot', value: service.capacityPerSlot, hidden: !scan },
              { label: 'Token prefix', value: service.tokenPrefix ? `${service.tokenPrefix} (tokens show as ${tokenLabel(7, service.tokenPrefix)})` : null, hidden: !scan },
              { label: 'Facility', value: service.facilityName, hidden: !showFacility },
              { label: 'Room', value: service.room, hidden: !scan },
              { label: 'Description', value: service.description },
            ]}
          />
        </FormSection>
        {scan ? (
          <FormSection title="Weekly schedule">
            <WeeklySchedule availability={service.availability} />
          </FormSection>
        ) : null}
      </Box>
      {scan ? (
        <FormSection title="Next 7 days" description={`${slotMinutes}-minute slots, ${service.capacityPerSlot} per slot.`}>
          <UpcomingSlots availability={service.availability} slotMinutes={slotMinutes} />
        </FormSection>
      ) : null}
    </Box>
  );
}
