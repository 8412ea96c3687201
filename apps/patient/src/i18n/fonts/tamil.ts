import bold from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff2?url';
import regular from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff2?url';
import semibold from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-600-normal.woff2?url';
import type { ScriptFont } from '../fonts';

// The Tamil subset's range (@fontsource/noto-sans-tamil/400.css): Latin stays the system face.
export default {
  family: 'Noto Sans Tamil',
  unicodeRange: 'U+0964-0965, U+0B82-0BFA, U+200C-200D, U+20B9, U+25CC',
  files: { 400: regular, 600: semibold, 700: bold },
} satisfies ScriptFont;
