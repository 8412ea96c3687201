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
        {/* A title in Kannada or Tamil can be one word wider than a phone at h4's size: a little
            smaller there, and broken as a last resort rather than scrolling the page sideways. */}
        <Typography variant="h4" component="h1" sx={{ minWidth: 0, overflowWrap: 'anywhere', fontSize: { xs: '1.875rem', sm: undefined } }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
