// Without zod: the console's and the patient app's language chunks use this, and neither should
// bring the schemas along for it.

/** A catalogue as written: message id → ICU message (src/locales/<lang>.json). */
export type TextCatalogue = Record<string, string>;

/** Which message an English text is, and the values its placeholders held. */
export interface FoundText {
  id: string;
  values?: Record<string, string>;
}

const ARGUMENT = /\{(\w+)\}/g;
/**
 * What a value stands for in a text: a number, an amount, a time or a list of them ('{{a}}, {{b}}'),
 * never words, so 'At most two decimals' is not 'At most {max}'.
 */
const VALUE = '(\\S+(?:, \\S+)*)';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Finds the message an English text was written from, as gettext does: a schema says
 * `.min(2, 'Enter the patient’s name')`, and a reply or a form in another language looks those
 * words up here. A message with simple `{name}` arguments ('At most {max} characters') matches the
 * text its schema built from a constant ('At most 500 characters') and gives back the values.
 * Fixed texts are looked up first; then the patterns with the most fixed words, so 'At most
 * {max} items' wins over 'At most {max}'.
 */
export function englishTextFinder(english: TextCatalogue): (text: string) => FoundText | undefined {
  const fixed = new Map<string, string>();
  const patterns: { id: string; names: string[]; pattern: RegExp; literal: number }[] = [];
  for (const [id, message] of Object.entries(english)) {
    const names = [...message.matchAll(ARGUMENT)].map((match) => match[1]!);
    if (names.length === 0) {
      fixed.set(message, id);
      continue;
    }
    const parts = message.split(ARGUMENT).filter((_part, index) => index % 2 === 0);
    patterns.push({ id, names, pattern: new RegExp(`^${parts.map(escapeRegExp).join(VALUE)}$`, 'u'), literal: parts.join('').length });
  }
  patterns.sort((a, b) => b.literal - a.literal);
  return (text) => {
    const id = fixed.get(text);
    if (id !== undefined) return { id };
    for (const { id, names, pattern } of patterns) {
      const match = pattern.exec(text);
      if (match) return { id, values: Object.fromEntries(names.map((name, index) => [name, match[index + 1]!])) };
    }
    return undefined;
  };
}
