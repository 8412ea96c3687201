import { managesFacilities } from '@caredesk/shared';
import ChevronRight from '@mui/icons-material/ChevronRight';
import LocalHospitalOutlined from '@mui/icons-material/LocalHospitalOutlined';
import Avatar from '@mui/material/Avatar';
import CardActionArea from '@mui/material/CardActionArea';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import { useMenuTitle } from '@/components/menu-title';
import { PageContainer } from '@/components/page-container';
import { paths } from '@/config/paths';
import { useSessionUser } from '@/lib/session';

const roleLabel = { ADMIN: 'Administrator', WORKER: 'Staff', USER: 'User' } as const;
const typeLabel = {
  HOSPITAL: 'Hospital',
  HOSPITALANDCARE: 'Hospital and care',
  SCAN: 'Scan and test centre',
  SCANANDCARE: 'Scan centre and care',
  MULTIHOSPITAL: 'Multi-hospital',
  MULTIHOSPITALANDCARE: 'Multi-hospital and care',
} as const;

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box component="div" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 0.5 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
        {value}
      </Typography>
    </Box>
  );
}

export default function SettingsPage() {
  const title = useMenuTitle('settings', 'Settings');
  const user = useSessionUser();
  if (!user) return <PageContainer title={title}>{null}</PageContainer>;
  return (
    <PageContainer title={title}>
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        <Card variant="outlined">
          <CardHeader
            avatar={<Avatar src={user.logoUrl ?? undefined} alt={user.name}>{user.name.charAt(0).toUpperCase()}</Avatar>}
            title={<Typography variant="h6" component="h2">Your account</Typography>}
          />
          <CardContent>
            <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
              <Detail label="Name" value={user.name} />
              <Detail label="E-mail" value={user.email} />
              <Detail label="Role" value={roleLabel[user.role]} />
            </Stack>
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardHeader
            avatar={<Avatar src={user.admin.logoUrl ?? undefined} alt={user.admin.name} variant="rounded">{user.admin.name.charAt(0).toUpperCase()}</Avatar>}
            title={<Typography variant="h6" component="h2">Organisation</Typography>}
          />
          <CardContent>
            <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
              <Detail label="Name" value={user.admin.name} />
              <Detail label="E-mail" value={user.admin.email} />
              <Detail label="Type" value={typeLabel[user.admin.type]} />
            </Stack>
          </CardContent>
        </Card>
        {user.role === 'ADMIN' && managesFacilities(user.admin.type) ? (
          <Card variant="outlined">
            <CardActionArea component={RouterLink} to={paths.settingsFacilities} aria-label="Facilities" sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2 }}>
              <Avatar variant="rounded" sx={{ bgcolor: 'action.selected', color: 'primary.main' }} aria-hidden>
                <LocalHospitalOutlined />
              </Avatar>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="h6" component="h2">
                  Facilities
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  The hospitals and centres of your organisation: add, rename or remove them.
                </Typography>
              </Box>
              <ChevronRight sx={{ color: 'text.secondary' }} />
            </CardActionArea>
          </Card>
        ) : null}
      </Stack>
    </PageContainer>
  );
}
