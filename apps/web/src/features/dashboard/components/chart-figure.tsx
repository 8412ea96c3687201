import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import { Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { ChartBoundary } from './chart-boundary';
import { useT } from '../i18n';
import { useSeenOnce } from '@/components/seen-once';
import { visuallyHidden } from '@/components/visually-hidden';

export interface ChartTableData {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}

interface ChartFigureProps {
  title: string;
  table: ChartTableData;
  /** The chart itself, a lazily loaded component: fetched when the figure scrolls into view. */
  children: ReactNode;
  height?: number;
}

/**
 * A chart as a named figure with the same numbers in a table: the table is always there for
 * screen readers (visually hidden), and 'Show as table' puts it on screen instead of the SVG.
 * The SVG is hidden from assistive technology since its tooltips need a pointer.
 */
export function ChartFigure({ title, table, children, height = 280 }: ChartFigureProps) {
  const t = useT();
  const headingId = useId();
  const [asTable, setAsTable] = useState(false);
  const figure = useRef<HTMLElement>(null);
  const seen = useSeenOnce(figure);
  return (
    <Card ref={figure} variant="outlined" component="figure" aria-labelledby={headingId} sx={{ m: 0, p: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h2" id={headingId} sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <ToggleButton value="table" size="small" selected={asTable} onChange={() => setAsTable((on) => !on)} sx={{ flexShrink: 0, py: 0.25 }}>
          <TableChartOutlined fontSize="small" sx={{ mr: 0.5 }} />
          {t('dashboard.chart.showAsTable')}
        </ToggleButton>
      </Box>
      {asTable ? null : (
        <Box aria-hidden="true" data-testid="chart" sx={{ minHeight: height, minWidth: 0 }}>
          <ChartBoundary>{seen ? <Suspense fallback={<Skeleton variant="rounded" height={height} />}>{children}</Suspense> : null}</ChartBoundary>
        </Box>
      )}
      <Box sx={asTable ? { overflowX: 'auto', maxHeight: height + 120, overflowY: 'auto' } : visuallyHidden}>
        <Table size="small">
          <Box component="caption" sx={visuallyHidden}>
            {table.caption}
          </Box>
          <TableHead>
            <TableRow>
              {table.columns.map((column, index) => (
                <TableCell key={column} align={index === 0 ? 'left' : 'right'}>
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {table.rows.map((row) => (
              <TableRow key={String(row[0])}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <TableCell key={index} component="th" scope="row">
                      {cell}
                    </TableCell>
                  ) : (
                    <TableCell key={index} align="right">
                      {cell}
                    </TableCell>
                  ),
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Card>
  );
}
