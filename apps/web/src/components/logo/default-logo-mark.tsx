import { useTheme } from '@mui/material/styles';
import { layout } from '../../config/layout';

/** The product's own mark: a cross on a rounded square, drawn inline so it needs no request. */
export function DefaultLogoMark({ width = layout.defaultLogoWidth }: { width?: number }) {
  const theme = useTheme();
  return (
    <svg width={width} height={width} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill={theme.palette.primary.main} />
      <path d="M27 14h10v13h13v10H37v13H27V37H14V27h13z" fill={theme.palette.primary.contrastText} />
    </svg>
  );
}
