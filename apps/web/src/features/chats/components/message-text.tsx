import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';

// http(s) links up to whitespace; trailing punctuation belongs to the sentence, not the link.
const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** Splits text into plain strings and links (exported for tests). */
export function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(TRAILING, '');
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      // eslint-disable-next-line lingui/no-unlocalized-strings -- link attributes, not text
      <Link key={start} href={url} target="_blank" rel="noopener noreferrer" sx={{ color: 'inherit', textDecoration: 'underline' }}>
        {url}
      </Link>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/**
 * A message's text as text (React escapes it; never HTML), links clickable in a new tab that
 * cannot reach back into the console, line breaks and spaces kept as the sender typed them.
 */
export function MessageText({ text }: { text: string }) {
  if (!text) return null;
  return (
    <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {linkify(text)}
    </Box>
  );
}
