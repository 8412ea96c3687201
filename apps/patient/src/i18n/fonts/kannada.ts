import bold from '@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada-700-normal.woff2?url';
import regular from '@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada-400-normal.woff2?url';
import semibold from '@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada-600-normal.woff2?url';
import type { ScriptFont } from '../fonts';

// The Kannada subset's range (@fontsource/noto-sans-kannada/400.css): Latin stays the system face.
export default {
  family: 'Noto Sans Kannada',
  unicodeRange: 'U+0951-0952, U+0964-0965, U+0C80-0CF3, U+1CD0, U+1CD2-1CD3, U+1CDA, U+1CF2, U+1CF4, U+200C-200D, U+20B9, U+25CC, U+A830-A835',
  files: { 400: regular, 600: semibold, 700: bold },
} satisfies ScriptFont;
