import type { Facility } from '@caredesk/shared';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LocalHospitalOutlined from '@mui/icons-material/LocalHospitalOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { fPhone } from '@/lib/format';
import { useT } from '../i18n';

interface FacilityListProps {
  facilities: Facility[];
  onEdit: (facility: Facility) => void;
  onDelete: (facility: Facility) => void;
}

export function FacilityList({ facilities, onEdit, onDelete }: FacilityListProps) {
  const t = useT();
  return (
    <List aria-label={t('facilities.listLabel')} disablePadding>
      {facilities.map((facility, index) => (
        <ListItem key={facility.id} divider={index < facilities.length - 1} sx={{ gap: 2, py: 2, alignItems: 'flex-start' }}>
          <Avatar variant="rounded" sx={{ bgcolor: 'action.selected', color: 'primary.main', display: { xs: 'none', sm: 'flex' } }} aria-hidden>
            <LocalHospitalOutlined />
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {facility.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {facility.address ?? t('facilities.noAddress')}
            </Typography>
            {facility.phone ? (
              <Link variant="body2" href={`tel:${facility.phone}`}>
                {fPhone(facility.phone)}
              </Link>
            ) : null}
          </Box>
          <Box sx={{ display: 'flex', flexShrink: 0 }}>
            <Tooltip title={t('facilities.editTooltip')}>
              <IconButton aria-label={t('facilities.editNamed', { name: facility.name })} onClick={() => onEdit(facility)}>
                <EditOutlined />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('facilities.deleteTooltip')}>
              <IconButton aria-label={t('facilities.deleteNamed', { name: facility.name })} onClick={() => onDelete(facility)} color="error">
                <DeleteOutlined />
              </IconButton>
            </Tooltip>
          </Box>
        </ListItem>
      ))}
    </List>
  );
}
