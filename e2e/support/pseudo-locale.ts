import { PSEUDO_OPEN, pseudoLocalise } from '@caredesk/catalogues/pseudo-locale';
import { PSEUDO_LOCALE_KEY } from '@caredesk/catalogues/pseudo-locale-key';
import type { Page } from '@playwright/test';
import { quietWatcher } from './walk.ts';

/** A text the page shows (or names an element by), and where. */
export interface PageText {
  text: string;
  where: string;
}

/** Both apps start in the pseudo-locale on every load of this page (packages/catalogues/src/pseudo-locale.ts). */
export async function usePseudoLocale(page: Page): Promise<void> {
  await page.addInitScript((key) => localStorage.setItem(key, 'on'), PSEUDO_LOCALE_KEY);
}

/**
 * The data the page was given: every string of every JSON reply of the API (and message of its
 * sockets) since it opened. A text made of these came from the organisation or its patients, not
 * from the apps. Failed replies are left out: their texts are the server's, and shown ones count.
 */
export class ApiStrings {
  private readonly strings = new Set<string>();
  private readonly reading = new Set<Promise<void>>();
  private byLength: string[] | null = null;

  constructor(page: Page) {
    page.on('response', (response) => {
      if (!new URL(response.url()).pathname.startsWith('/api/') || !response.ok()) return;
      if (!(response.headers()['content-type'] ?? '').includes('json')) return;
      const read = response.json().then(
        (body: unknown) => this.add(body),
        () => undefined,
      );
      this.reading.add(read);
      void read.finally(() => this.reading.delete(read));
    });
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        try {
          this.add(JSON.parse(String(payload)));
        } catch {
          // Not JSON: a ping.
        }
      }),
    );
  }

  /** Waits for the replies still being read. */
  async settled(): Promise<void> {
    await Promise.all([...this.reading]);
  }

  private add(value: unknown, key = ''): void {
    if (typeof value === 'string') {
      // An enum's code ('FEMALE', 'CHECKED_IN') is not data: shown as it is, it is an untranslated
      // text. A category or a specialisation in capitals ('DEXA', 'ENT') is a name.
      if (/[A-Za-z]/.test(value) && !(CODE_FIELD.test(key) && /^[A-Z][A-Z0-9_]*$/.test(value))) {
        this.strings.add(value.trim());
        // A person's or a doctor's initials on an avatar ('Dr. Meera Joshi': 'MJ', 'DMJ'), a word of
        // digits too ('Dr. Dashboard 8124': 'D8', another spec's doctor on a shared organisation's
        // page). Only pieces with a letter: digits alone are never flagged, and blanking them
        // would break up the times and dates the formats below take out.
        // Each word's first letter is taken as the apps take it, upper-cased ('Dr. Bhasha q1x2':
        // 'BQ'), and each capital after a word's start too ('Lab-Report': 'LR').
        const words = value.split(/\s+/).filter(Boolean);
        const addInitials = (piece: string) => void (/[A-Z]/.test(piece) && this.strings.add(piece));
        const fromWords = words.map((word) => (/[\p{L}\p{N}]/u.exec(word)?.[0] ?? '').toLocaleUpperCase()).join('');
        const fromCapitals = (value.match(/\b[A-Z]|(?<!\S)\d/g) ?? []).join('');
        for (const initials of words.length <= 4 ? [fromWords, fromCapitals] : []) {
          for (let start = 0; start < initials.length; start += 1) for (let end = start + 1; end <= initials.length; end += 1) addInitials(initials.slice(start, end));
          if (initials.length > 1) addInitials(`${initials[0]}${initials.at(-1)}`);
        }
        this.byLength = null;
      }
    } else if (Array.isArray(value)) for (const item of value) this.add(item, key);
    else if (typeof value === 'object' && value !== null) {
      // A key is data too: the audit trail shows a read's filters by their names ('sort', 'page').
      for (const [name, item] of Object.entries(value)) {
        this.add(name);
        this.add(item, name);
      }
    }
  }

  /** `text` with every piece of data in it blanked out, longest first (a name before a word of it). */
  withoutData(text: string): string {
    if (this.strings.has(text.trim())) return '';
    this.byLength ??= [...this.strings].filter((value) => value.length >= 2).sort((a, b) => b.length - a.length);
    let rest = text;
    for (const value of this.byLength) if (rest.includes(value)) rest = blankWord(rest, value);
    return rest;
  }
}

/** `text` with each whole-word `value` in it blanked out: data 'at' leaves 'Saturday' whole. */
function blankWord(text: string, value: string): string {
  const letter = /[\p{L}\p{N}]/u;
  let rest = text;
  for (let at = rest.indexOf(value); at !== -1; at = rest.indexOf(value, at + 1)) {
    const before = rest[at - 1];
    const after = rest[at + value.length];
    const whole = !(before && letter.test(before) && letter.test(value[0]!)) && !(after && letter.test(after) && letter.test(value.at(-1)!));
    if (whole) rest = `${rest.slice(0, at)}${' '.repeat(value.length)}${rest.slice(at + value.length)}`;
  }
  return rest;
}

/** Fields whose values are enum codes ('status': 'CHECKED_IN'), which the apps must show as catalogue texts. */
const CODE_FIELD = /^(status|type|kind|role|gender|mode|method|channel|event|action|state|outcome|reason|language|plan)$/i;

/**
 * Names that stay as they are in every language (the catalogues in Hindi, Kannada and Tamil keep
 * them in Latin letters): the product and its maker, each language's own name on the language
 * switches, the message channels, and the browsers and systems a signed-in device is named by.
 */
const PROPER_NAMES = new Set([
  'CareDesk Health Technologies',
  'CareDesk',
  'English',
  'WhatsApp',
  'SMS',
  ...['Edge', 'Opera', 'Samsung Internet', 'Firefox', 'Chrome', 'Safari'],
  ...['Windows', 'iOS', 'Android', 'macOS', 'ChromeOS', 'Linux'],
]);

/**
 * Texts formatted from values rather than written: English month and weekday names and times of
 * day (Intl and dayjs format dates in English in the pseudo-locale, which keeps English formats),
 * addresses of pages and mail.
 */
const FORMATTED = [
  /\b(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\b/g,
  /\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b/g,
  /\b\d{1,2}(:\d{2})?\s?([ap]\.?m\.?)(?![a-z])/gi,
  // dayjs's relative times ('a few seconds ago', 'in 3 days'), in each language from its own locale.
  /\b(in )?(a few seconds|a minute|\d+ minutes|an hour|\d+ hours|a day|\d+ days|a month|\d+ months|a year|\d+ years)( ago)?\b/g,
  // A message template's variables, written the same in every language.
  /\{\{\w+\}\}/g,
  /\bhttps?:\/\/\S+/g,
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g,
];

/** The plain (unaccented) letters left in a text once its data, names, formatted values and the `allowed` texts are taken out. */
export function untranslatedPart(text: string, data: ApiStrings): string {
  if (data.withoutData(text) === '') return '';
  let rest = text;
  // Before the data: a word of data ('phone', a key) must not break up a known text around it.
  for (const name of PROPER_NAMES) rest = blankWord(rest, name);
  rest = data.withoutData(rest);
  for (const pattern of FORMATTED) rest = rest.replace(pattern, ' ');
  // The pseudo-locale accents every letter it writes: a plain Latin letter left is not from a catalogue.
  return /[A-Za-z]/.test(rest) ? rest.replace(/\s+/g, ' ').trim() : '';
}

/**
 * Every text with a letter a person reads on the page as it is: visible text nodes, and the aria-label, title,
 * placeholder and alt of visible elements. Each with a short description of its element.
 */
export function visibleTexts(page: Page): Promise<PageText[]> {
  return page.evaluate(() => {
    const describe = (element: Element): string => {
      const parts: string[] = [];
      for (let at: Element | null = element; at && parts.length < 3 && at !== document.body; at = at.parentElement) {
        const role = at.getAttribute('role');
        const test = at.getAttribute('data-testid');
        const mui = [...at.classList].find((name) => /^Mui[A-Za-z]+-root$/.test(name));
        parts.unshift(`${at.tagName.toLowerCase()}${role ? `[role=${role}]` : ''}${test ? `[data-testid=${test}]` : ''}${mui ? `.${mui}` : ''}`);
      }
      return parts.join(' > ');
    };
    const visible = (element: Element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    const found: { text: string; where: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const parent = node.parentElement;
      // translate="no" marks what no language changes (HTML's own word for it): a template body as
      // WhatsApp Manager takes it, a code.
      if (!/\p{L}/u.test(text) || !parent || parent.closest('script, style, noscript, template, [translate="no"]') || !visible(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if (range.getClientRects().length > 0) found.push({ text, where: describe(parent) });
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (!visible(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const text = element.getAttribute(name)?.trim() ?? '';
        if (/\p{L}/u.test(text)) found.push({ text, where: `${describe(element)} @${name}` });
      }
    }
    return found;
  });
}

/** Findings of one walk: each untranslated text once, with the first page and element it was on. */
export class Findings {
  private readonly found = new Map<string, string>();

  constructor(
    private readonly page: Page,
    private readonly data: ApiStrings,
    private readonly quiet: () => Promise<void>,
  ) {}

  /** Reads the page as it is now, once it has settled. */
  async check(route: string): Promise<void> {
    await this.quiet();
    const texts = await visibleTexts(this.page);
    // After reading the page: a reply it shows has been seen by then, though perhaps not yet read.
    await this.data.settled();
    // A page that shows no catalogue text at all has not rendered (or the pseudo-locale is off): nothing was checked.
    if (!texts.some(({ text }) => text.includes(PSEUDO_OPEN))) this.found.set(`${route}: blank`, `${route}: no text in the pseudo-locale`);
    for (const { text, where } of texts) {
      const part = untranslatedPart(text, this.data);
      if (part && !this.found.has(text)) {
        this.found.set(text, `${route}: "${text}" (left: "${part}") at ${where}`);
        // As found, so that a walk cut short still says what it saw.
        console.log(`untranslated: ${this.found.get(text)}`);
      }
    }
  }

  list(): string[] {
    return [...this.found.values()];
  }
}

/** A page's walk: the pseudo-locale on, the API's strings collected, findings gathered. */
export function walker(page: Page): Findings {
  const data = new ApiStrings(page);
  return new Findings(page, data, quietWatcher(page));
}

/**
 * A catalogue text without placeholders as the pseudo-locale shows it ('Remove': '⟦Ŕéɱóṽé⟧'),
 * to find an element by the words it shows.
 */
export function pseudoText(english: string): string {
  return pseudoLocalise(english) as string;
}

/**
 * The texts on the page a person cannot read whole, each once with its element: text past the
 * window's left or right edge, and text cut off by a box that hides what overflows it (a chip's
 * label cut short by an ellipsis, a line under a fixed height) or pushed out of a box that then
 * scrolls sideways. Measured once nothing moves: a drawer sliding in is off screen for a moment.
 * Visually hidden texts (for screen readers, 1 px boxes) are meant to be clipped. `within`: the
 * part of the page to read (a drawer, not the list it covers), by CSS selector.
 */
export async function clippedTexts(page: Page, within = 'body'): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
  return page.evaluate((selector) => {
    const SLACK = 0.5;
    const describe = (element: Element): string => {
      const parts: string[] = [];
      for (let at: Element | null = element; at && parts.length < 3 && at !== document.body; at = at.parentElement) {
        const mui = [...at.classList].find((name) => /^Mui[A-Za-z]+-(root|label)$/.test(name));
        const own = [...at.classList].find((name) => !name.startsWith('Mui') && !name.startsWith('css-'));
        parts.unshift(`${at.tagName.toLowerCase()}${mui ? `.${mui}` : own ? `.${own}` : ''}`);
      }
      return parts.join(' > ');
    };
    const hiddenOnPurpose = (element: Element) => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const box = at.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) return true;
      }
      return false;
    };
    const found = new Map<string, string>();
    const root = document.querySelector(selector);
    if (!root) return [`nothing matches ${selector}`];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, noscript, template') || !parent.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      if (hiddenOnPurpose(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
      if (rects.length === 0) continue;
      const left = Math.min(...rects.map((rect) => rect.left));
      const right = Math.max(...rects.map((rect) => rect.right));
      const top = Math.min(...rects.map((rect) => rect.top));
      const bottom = Math.max(...rects.map((rect) => rect.bottom));
      const report = (why: string) => {
        if (!found.has(text)) found.set(text, `"${text}" ${why} at ${describe(parent)}`);
      };
      if (left < -SLACK || right > document.documentElement.clientWidth + SLACK) report('reaches past the edge of the window');
      for (let box: Element | null = parent; box && box !== document.documentElement; box = box.parentElement) {
        const style = getComputedStyle(box);
        const edges = box.getBoundingClientRect();
        // A text cut to an ellipsis overflows only its own box's scroll width.
        if (style.textOverflow === 'ellipsis' && box.scrollWidth > box.clientWidth + SLACK) report(`is cut short (${box.clientWidth} of ${box.scrollWidth} px)`);
        const sideways = left < edges.left - SLACK || right > edges.right + SLACK;
        const downwards = top < edges.top - SLACK || bottom > edges.bottom + SLACK;
        if (sideways && style.overflowX !== 'visible') report(style.overflowX === 'hidden' || style.overflowX === 'clip' ? 'is cut off at the side' : 'is pushed out sideways');
        if (downwards && (style.overflowY === 'hidden' || style.overflowY === 'clip')) report('is cut off at the bottom');
        // Past a box that scrolls, the text is that box's to show: the boxes around it hold the box, not the text.
        if (style.overflowY === 'auto' || style.overflowY === 'scroll' || style.overflowX === 'auto' || style.overflowX === 'scroll') break;
      }
    }
    return [...found.values()];
  }, within);
}
