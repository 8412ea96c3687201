import { __unsafe_useEmotionCache as useEmotionCache, type EmotionCache } from '@emotion/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * Emotion's default cache, the one MUI writes every component's styles into: a package's module,
 * so it outlives the app's modules reset between files. Its rules piled up in the shared page's
 * <head> for the whole run (1,100 after one settings page, thousands by a worker's last file), and
 * jsdom's getComputedStyle, which every role query and visibility check calls, matches an element
 * against each of them: a third of the console's test CPU. Each file now starts with none and
 * inserts what it renders.
 */
let emotionCache: EmotionCache | null = null;
function GrabEmotionCache() {
  emotionCache = useEmotionCache();
  return null;
}
renderToStaticMarkup(createElement(GrabEmotionCache));

/**
 * The properties anything in these tests reads of a computed style: jsdom (display, visibility),
 * Testing Library's role queries and jest-dom's toBeVisible (with opacity), user-event (pointer-
 * events), and the tests' own toHaveStyle and getComputedStyle checks (the rest). jsdom lays
 * nothing out, so no other declaration changes an outcome, yet getComputedStyle copied every
 * declaration of every matching rule, parsing each value, on each call: a fifth of the console's
 * test CPU. MUI's rules go in with these properties only, and a rule without any, or a keyframes
 * or font rule, not at all. A test asserting another property adds it here.
 */
const COMPUTED_PROPERTIES = new Set([
  'display',
  'visibility',
  'opacity',
  'pointer-events',
  'position',
  'width',
  'max-height',
  'white-space',
  'text-decoration',
  'border-left-color',
]);

/** One rule as stylis wrote it ('.css-1x{display:flex;padding:8px;}', or an at-rule around such rules), cut to those properties. */
export function keepComputedProperties(rule: string): string {
  if (/^@(-webkit-)?keyframes|^@font-face/.test(rule)) return '';
  const open = rule.indexOf('{');
  if (open < 0) return rule;
  const head = rule.slice(0, open);
  const body = rule.slice(open + 1, rule.lastIndexOf('}'));
  if (head.startsWith('@')) {
    const inner: string[] = [];
    let depth = 0;
    let start = 0;
    for (let index = 0; index < body.length; index += 1) {
      if (body[index] === '{') depth += 1;
      else if (body[index] === '}' && --depth === 0) {
        inner.push(keepComputedProperties(body.slice(start, index + 1)));
        start = index + 1;
      }
    }
    const kept = inner.join('');
    return kept ? `${head}{${kept}}` : '';
  }
  const declarations = body.split(';').filter((declaration) => COMPUTED_PROPERTIES.has(declaration.slice(0, declaration.indexOf(':')).trim()));
  return declarations.length > 0 ? `${head}{${declarations.join(';')};}` : '';
}

// Once per worker: this module is evaluated afresh for each file (setup.ts), the cache is not.
const FILTERED = Symbol.for('caredesk.test.computedPropertiesOnly');
const sheet = (emotionCache as EmotionCache | null)?.sheet as (EmotionCache['sheet'] & { [FILTERED]?: true }) | undefined;
if (sheet && !sheet[FILTERED]) {
  const insert = sheet.insert.bind(sheet);
  sheet.insert = (rule: string) => {
    const kept = keepComputedProperties(rule);
    if (kept) insert(kept);
  };
  sheet[FILTERED] = true;
}

/** Between files (setup.ts): the page's MUI rules go, and the cache forgets it wrote them. */
export function forgetStyles() {
  if (!emotionCache) return;
  emotionCache.sheet.flush();
  // Emotion reads and writes `cache.inserted` through the cache object: a new one forgets them all.
  emotionCache.inserted = {};
}
