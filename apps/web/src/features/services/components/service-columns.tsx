import type { Service } from '@caredesk/shared';
import BiotechOutlined from '@mui/icons-material/BiotechOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { RecordColumn } from '@/components/records/record-column';
import { ActiveChip } from '@/components/records/active-chip';
import { fRupees } from '@/lib/format';
import { t, useT } from '../i18n';

export const serviceSortFields = { name: 'name', category: 'category', pricePaise: 'price' } as const;

export function KindChip({ kind }: { kind: Service['kind'] }) {
  const t = useT();
  return <Chip size="small" variant="outlined" color={kind === 'SCAN' ? 'primary' : 'secondary'} label={kind === 'SCAN' ? t('services.kind.SCAN') : t('services.kind.TEST')} />;
}

/** 'Package · 3 tests' for a package (a health check), null for a single scan or test. */
export function packageSummary(service: Pick<Service, 'packageItems'>, translate: typeof t = t): string | null {
  return service.packageItems.length > 0 ? translate('services.package.summary', { count: service.packageItems.length }) : null;
}

function ServiceName({ service }: { service: Service }) {
  const summary = packageSummary(service, useT());
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0, height: 1 }}>
      <Avatar src={service.imageUrl ?? undefined} alt="" variant="rounded" sx={{ width: 36, height: 36 }}>
        <BiotechOutlined fontSize="small" />
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
          {service.name}
        </Typography>
        {summary ? (
          <Typography variant="caption" noWrap component="div" sx={{ color: 'text.secondary' }}>
            {summary}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

// Built each time the grid asks, so that the headers are in the language of that moment.
const name = (): RecordColumn<Service> => ({ field: 'name', headerName: t('services.column.name'), flex: 1.6, minWidth: 180, render: (row) => <ServiceName service={row} /> });
const category = (): RecordColumn<Service> => ({ field: 'category', headerName: t('services.column.category'), flex: 1, minWidth: 110, render: (row) => row.category ?? '-' });
const facility = (): RecordColumn<Service> => ({
  field: 'facilityName',
  headerName: t('services.column.facility'),
  flex: 1,
  minWidth: 120,
  render: (row) => row.facilityName ?? '-',
});
const price = (): RecordColumn<Service> => ({
  field: 'pricePaise',
  headerName: t('services.column.price'),
  align: 'right',
  width: 110,
  render: (row) => fRupees(row.pricePaise / 100),
});
const active = (): RecordColumn<Service> => ({ field: 'active', headerName: t('services.column.status'), width: 100, render: (row) => <ActiveChip active={row.active} /> });

/** Scans and tests: kind, category, price, duration, turnaround and capacity. */
export function scanColumns(showFacility: boolean): RecordColumn<Service>[] {
  return [
    name(),
    { field: 'kind', headerName: t('services.column.kind'), width: 80, render: (row) => <KindChip kind={row.kind} /> },
    category(),
    ...(showFacility ? [facility()] : []),
    price(),
    {
      field: 'durationMinutes',
      headerName: t('services.column.duration'),
      width: 92,
      render: (row) => (row.durationMinutes === null ? '-' : t('services.column.minutes', { minutes: row.durationMinutes })),
    },
    {
      field: 'reportTurnaroundHours',
      headerName: t('services.column.reportIn'),
      width: 92,
      render: (row) => (row.reportTurnaroundHours === null ? '-' : t('services.column.hours', { hours: row.reportTurnaroundHours })),
    },
    { field: 'capacityPerSlot', headerName: t('services.column.perSlot'), align: 'right', width: 80 },
    active(),
  ];
}

/** Other services: category, price and status. */
export function otherServiceColumns(showFacility: boolean): RecordColumn<Service>[] {
  return [name(), category(), ...(showFacility ? [facility()] : []), price(), active()];
}

/** A service as a card on phones. */
export function ServiceCard({ service }: { service: Service }) {
  const t = useT();
  const kind = { OTHER: null, SCAN: t('services.kind.SCAN'), TEST: t('services.kind.TEST') }[service.kind];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Avatar src={service.imageUrl ?? undefined} alt="" variant="rounded" sx={{ width: 44, height: 44 }}>
        <BiotechOutlined />
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="subtitle2" noWrap>
          {service.name}
        </Typography>
        <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
          {[kind, packageSummary(service, t), service.category, fRupees(service.pricePaise / 100)].filter(Boolean).join(' · ')}
        </Typography>
      </Box>
      <ActiveChip active={service.active} />
    </Box>
  );
}
