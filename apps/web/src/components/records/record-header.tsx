import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ActiveChip } from './active-chip';

interface RecordHeaderProps {
  /** The record's name: the page's h1. */
  name: string;
  subtitle?: ReactNode;
  imageUrl: string | null;
  /** Shown in the avatar when there is no image. */
  fallbackIcon?: ReactNode;
  active: boolean;
  /** Extra chips next to the status (e.g. the kind). */
  chips?: ReactNode;
  /** RecordActions. */
  actions: ReactNode;
}

/** The top card of a record view: image, name (h1), subtitle, status chip and actions. */
export function RecordHeader({ name, subtitle, imageUrl, fallbackIcon, active, chips, actions }: RecordHeaderProps) {
  return (
    <Card variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <Avatar src={imageUrl ?? undefined} alt={imageUrl ? name : undefined} variant="rounded" sx={{ width: 80, height: 80, fontSize: 32 }}>
        {fallbackIcon ?? name.replace(/^Dr\.?\s*/i, '').charAt(0)}
      </Avatar>
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        {subtitle ? (
          <Typography variant="body1" sx={{ color: 'text.secondary' }}>
            {subtitle}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <ActiveChip active={active} />
          {chips}
        </Box>
      </Box>
      {actions}
    </Card>
  );
}
