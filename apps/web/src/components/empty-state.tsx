import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
}

export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1,
        py: 8,
        px: 3,
        color: 'text.secondary',
        '& > svg': { fontSize: 56, color: 'primary.main', opacity: 0.7 },
      }}
    >
      {icon}
      <Typography variant="h6" component="p" sx={{ color: 'text.primary' }}>
        {title}
      </Typography>
      {description ? <Typography variant="body2">{description}</Typography> : null}
      {action}
    </Box>
  );
}
