import ChevronRight from '@mui/icons-material/ChevronRight';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

interface SettingsLinkCardProps {
  title: string;
  description: string;
  href: string;
  icon: ReactNode;
}

/** One entry of the Settings hub: a whole card that opens a settings page. */
export function SettingsLinkCard({ title, description, href, icon }: SettingsLinkCardProps) {
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea component={RouterLink} to={href} sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2, height: 1 }}>
        <Avatar variant="rounded" sx={{ bgcolor: 'action.selected', color: 'primary.main' }} aria-hidden>
          {icon}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {description}
          </Typography>
        </Box>
        <ChevronRight sx={{ color: 'text.secondary' }} />
      </CardActionArea>
    </Card>
  );
}
