import Box from '@mui/material/Box';
import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** The blank border scanners need around a code, in modules (the QR standard's minimum). */
const QUIET_ZONE = 4;
/** A URL's characters as they are (qrcode-generator's mode names). */
const BYTE_MODE = 'Byte';
/** No anti-aliasing between modules: a scanner reads hard edges. */
const SHAPE_RENDERING = 'crispEdges';

/**
 * One SVG path of the code's dark modules: sharp at any print size. Error correction M (15%)
 * survives a smudged or sun-faded poster while keeping the modules large for a phone across a
 * waiting room.
 */
export function qrCodePath(value: string): { size: number; path: string } {
  const code = qrcode(0, 'M');
  code.addData(value, BYTE_MODE);
  code.make();
  const count = code.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      // eslint-disable-next-line lingui/no-unlocalized-strings -- SVG path data, not text
      if (code.isDark(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { size: count + 2 * QUIET_ZONE, path };
}

/** A QR code of `value`, black on white whatever the console's theme, filling its box's width. */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => qrCodePath(value), [value]);
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      data-qr-value={value}
      shapeRendering={SHAPE_RENDERING}

      sx={{ display: 'block', width: '100%', height: 'auto', bgcolor: 'common.white', color: 'common.black' }}
    >
      <path d={path} fill="currentColor" />
    </Box>
  );
}
