import { DEFAULT_SERVICE_SLOT_MINUTES, tokenLabel } from '@caredesk/shared';
import BiotechOutlined from '@mui/icons-material/BiotechOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
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
import { useT, type ListKind } from '../i18n';
import { PackageItemsView } from './package-items-view';
import { KindChip, packageSummary } from './service-columns';

interface ServiceViewProps {
  area: typeof paths.scans | typeof paths.services;
  /** The singular English noun for the shared record actions ('scan or test', 'service'). */
  noun: string;
  kind: ListKind;
}

/** /scan/:id and /service/:id: the record's details; for scans and tests also preparation, schedule and slots. */
export function ServiceView({ area, noun, kind }: ServiceViewProps) {
  const t = useT();
  const id = useParams().id ?? '';
  const query = useService(id);
  const update = useUpdateService();
  const remove = useDeleteService();
  const showFacility = useManagesFacilities();
  const service = query.data;
  const wrongArea = service && (service.kind === 'OTHER') !== (area === paths.services);

  if (!service || wrongArea) {
    return (
      <RecordLoadState
        title={t('services.title', { kind })}
        error={query.error}
        notFound={wrongArea}
        notFoundTitle={t('services.notFound')}
        backHref={area}
        backLabel={t('services.back', { kind })}
      />
    );
  }
  const scan = service.kind !== 'OTHER';
  const summary = packageSummary(service, t);
  const slotMinutes = service.durationMinutes ?? DEFAULT_SERVICE_SLOT_MINUTES;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <RecordHeader
        name={service.name}
        subtitle={service.category ?? undefined}
        imageUrl={service.imageUrl}
        fallbackIcon={<BiotechOutlined fontSize="large" />}
        active={service.active}
        chips={
          scan ? (
            <>
              <KindChip kind={service.kind} />
              {summary ? <Chip size="small" color="info" variant="outlined" label={summary} /> : null}
            </>
          ) : null
        }
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
          <AlertTitle>{t('services.view.preparation')}</AlertTitle>
          <Box sx={{ whiteSpace: 'pre-line' }}>{service.preparation ?? t('services.view.noPreparation')}</Box>
        </Alert>
      ) : null}
      <PackageItemsView service={service} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: scan ? '1fr 1fr' : '1fr' }, alignItems: 'start' }}>
        <FormSection title={t('services.view.details')}>
          <DetailList
            items={[
              { label: t('services.view.price'), value: fRupees(service.pricePaise / 100) },
              { label: t('services.view.category'), value: service.category },
              { label: t('services.view.gst'), value: service.gstRateBp === 0 ? t('services.view.exempt') : t('services.view.gstRate', { rate: service.gstRateBp / 100 }) },
              { label: t('services.view.sac'), value: service.sacCode },
              {
                label: t('services.view.duration'),
                value: service.durationMinutes === null ? null : t('services.view.minutes', { count: service.durationMinutes }),
                hidden: !scan,
              },
              {
                label: t('services.view.turnaround'),
                value: service.reportTurnaroundHours === null ? null : t('services.view.hours', { count: service.reportTurnaroundHours }),
                hidden: !scan,
              },
              { label: t('services.view.capacity'), value: service.capacityPerSlot, hidden: !scan },
              { label: t('services.view.extraPerDay'), value: service.extraPerDay, hidden: !scan },
              {
                label: t('services.view.tokenPrefix'),
                value: service.tokenPrefix ? t('services.view.tokenPrefixValue', { prefix: service.tokenPrefix, example: tokenLabel(7, service.tokenPrefix) }) : null,
                hidden: !scan,
              },
              { label: t('services.view.facility'), value: service.facilityName, hidden: !showFacility },
              { label: t('services.view.room'), value: service.room, hidden: !scan },
              { label: t('services.view.description'), value: service.description },
            ]}
          />
        </FormSection>
        {scan ? (
          <FormSection title={t('services.view.schedule')}>
            <WeeklySchedule availability={service.availability} />
          </FormSection>
        ) : null}
      </Box>
      {scan ? (
        <FormSection title={t('services.view.nextDays')} description={t('services.view.slotsSummary', { minutes: slotMinutes, capacity: service.capacityPerSlot })}>
          <UpcomingSlots availability={service.availability} slotMinutes={slotMinutes} />
        </FormSection>
      ) : null}
    </Box>
  );
}
