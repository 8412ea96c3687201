import bold from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';
import regular from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import semibold from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-600-normal.woff2?url';
import type { ScriptFont } from '../fonts';

// The Devanagari subset's range (@fontsource/noto-sans-devanagari/400.css): Latin stays the system face.
export default {
  family: 'Noto Sans Devanagari',
  unicodeRange: 'U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20A8, U+20B9, U+20F0, U+25CC, U+A830-A839, U+A8E0-A8FF, U+11B00-11B09',
  files: { 400: regular, 600: semibold, 700: bold },
} satisfies ScriptFont;
