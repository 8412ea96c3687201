import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface DetailItem {
  label: string;
  /** null/undefined/'' shows '-'. */
  value: ReactNode;
  /** Hide the item entirely (e.g. facility for organisations without facilities). */
  hidden?: boolean;
}

/** Label/value pairs of a record view, two columns from sm up. */
export function DetailList({ items }: { items: DetailItem[] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, m: 0 }}>
      {items
        .filter((item) => !item.hidden)
        .map((item) => (
          <Box key={item.label} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
              {item.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {item.value === null || item.value === undefined || item.value === '' ? '-' : item.value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}
