import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface PageContainerProps {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of every dashboard page: one h1 heading, optional actions, then the content. */
export function PageContainer({ title, actions, children }: PageContainerProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
