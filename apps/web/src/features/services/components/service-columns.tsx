import type { Service } from '@caredesk/shared';
import BiotechOutlined from '@mui/icons-material/BiotechOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { ActiveChip } from '@/components/records/active-chip';
import { fRupees } from '@/lib/format';

export const serviceSortFields = { name: 'name', category: 'category', pricePaise: 'price' } as const;

export function KindChip({ kind }: { kind: Service['kind'] }) {
  return <Chip size="small" variant="outlined" color={kind === 'SCAN' ? 'primary' : 'secondary'} label={kind} />;
}

function ServiceName({ service }: { service: Service }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0, height: 1 }}>
      <Avatar src={service.imageUrl ?? undefined} alt="" variant="rounded" sx={{ width: 36, height: 36 }}>
        <BiotechOutlined fontSize="small" />
      </Avatar>
      <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
        {service.name}
      </Typography>
    </Box>
  );
}

const orDash = (value: number | null, unit: string) => (value === null ? '-' : `${value} ${unit}`);

const name: GridColDef<Service> = { field: 'name', headerName: 'Name', flex: 1.6, minWidth: 180, renderCell: ({ row }) => <ServiceName service={row} /> };
const category: GridColDef<Service> = { field: 'category', headerName: 'Category', flex: 1, minWidth: 110, valueGetter: (value: string | null) => value ?? '-' };
const facility: GridColDef<Service> = { field: 'facilityName', headerName: 'Facility', flex: 1, minWidth: 120, valueGetter: (value: string | null) => value ?? '-' };
const price: GridColDef<Service> = { field: 'pricePaise', headerName: 'Price', type: 'number', width: 110, valueFormatter: (value: number) => fRupees(value / 100) };
const active: GridColDef<Service> = { field: 'active', headerName: 'Status', width: 100, renderCell: ({ row }) => <ActiveChip active={row.active} /> };

/** Scans and tests: kind, category, price, duration, turnaround and capacity. */
export function scanColumns(showFacility: boolean): GridColDef<Service>[] {
  return [
    name,
    { field: 'kind', headerName: 'Kind', width: 80, renderCell: ({ row }) => <KindChip kind={row.kind} /> },
    category,
    ...(showFacility ? [facility] : []),
    price,
    { field: 'durationMinutes', headerName: 'Duration', width: 92, valueFormatter: (value: number | null) => orDash(value, 'min') },
    { field: 'reportTurnaroundHours', headerName: 'Report in', width: 92, valueFormatter: (value: number | null) => orDash(value, 'h') },
    { field: 'capacityPerSlot', headerName: 'Per slot', type: 'number', width: 80 },
    active,
  ];
}

/** Other services: category, price and status. */
export function otherServiceColumns(showFacility: boolean): GridColDef<Service>[] {
  return [name, category, ...(showFacility ? [facility] : []), price, active];
}

/** A service as a card on phones. */
export function ServiceCard({ service }: { service: Service }) {
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
          {[service.kind === 'OTHER' ? null : service.kind, service.category, fRupees(service.pricePaise / 100)].filter(Boolean).join(' · ')}
        </Typography>
      </Box>
      <ActiveChip active={service.active} />
    </Box>
  );
}
