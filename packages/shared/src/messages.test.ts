import { describe, expect, it } from 'vitest';
import {
  defaultMessageTemplates,
  messageEvents,
  messageLanguages,
  messageSettingsUpdateSchema,
  templateTextProblem,
  unknownTemplateVariables,
  whatsAppTemplateOf,
  whatsAppTemplateProblem,
} from './messages.js';

/** Words as Meta counts them for its variables-to-length rule: runs between spaces that hold a letter and no variable. */
function wordsAround(template: string): { words: number; variables: number } {
  const parts = template.split(/\s+/).filter(Boolean);
  return {
    words: parts.filter((part) => !part.includes('{{') && /\p{L}/u.test(part)).length,
    variables: [...template.matchAll(/\{\{[a-z-]+\}\}/g)].length,
  };
}

describe('the shipped texts, each the body of a WhatsApp template', () => {
  const shipped = messageEvents.flatMap((event) => messageLanguages.map((language) => ({ event, language, text: defaultMessageTemplates[event][language] })));

  it('begin and end with words and keep words between any two variables', () => {
    expect(shipped.filter(({ text }) => whatsAppTemplateProblem(text) !== undefined).map(({ event, language }) => `${event}/${language}`)).toEqual([]);
  });

  it('use only their event’s variables', () => {
    expect(shipped.filter(({ event, text }) => unknownTemplateVariables(event, text).length > 0).map(({ event, language }) => `${event}/${language}`)).toEqual([]);
  });

  it('carry at least 2n+1 words for n variables, as Meta asks of a body', () => {
    const short = shipped.filter(({ text }) => {
      const { words, variables } = wordsAround(text);
      return words < 2 * variables + 1;
    });
    expect(short.map(({ event, language, text }) => `${event}/${language}: ${JSON.stringify(wordsAround(text))}`)).toEqual([]);
  });
});

describe('what WhatsApp refuses in a text', () => {
  it('a variable first or last, punctuation around it included', () => {
    expect(whatsAppTemplateProblem('{{patient}}, your token is {{token}} today.')).toBe('Begin and end with words, not {{patient}}: WhatsApp refuses such a text');
    expect(whatsAppTemplateProblem('"{{patient}}" is booked today')).toBe('Begin and end with words, not {{patient}}: WhatsApp refuses such a text');
    expect(whatsAppTemplateProblem('Your receipt: {{link}}')).toBe('Begin and end with words, not {{link}}: WhatsApp refuses such a text');
    expect(whatsAppTemplateProblem('Your token is {{token}}।')).toBe('Begin and end with words, not {{token}}: WhatsApp refuses such a text');
  });

  it('two variables with only spaces or punctuation between them', () => {
    expect(whatsAppTemplateProblem('Hello, {{facility}}, {{address}} is the place.')).toBe('Put words between {{facility}} and {{address}}: WhatsApp refuses them side by side');
    expect(whatsAppTemplateProblem('Seen at {{organisation}} ({{with}}) today.')).toBe('Put words between {{organisation}} and {{with}}: WhatsApp refuses them side by side');
    expect(whatsAppTemplateProblem('Hello {{patient}}, see {{with}} at {{time}} today.')).toBeUndefined();
  });

  it('unknown variables first, then WhatsApp’s rules', () => {
    expect(templateTextProblem('booked', '{{doctor}} and {{patient}}')).toBe('Unknown variable {{doctor}}');
    expect(templateTextProblem('booked', '{{patient}} is booked today')).toBe('Begin and end with words, not {{patient}}: WhatsApp refuses such a text');
    expect(templateTextProblem('booked', 'Hello {{patient}}, see you soon.')).toBeUndefined();
  });

  it('is refused by the settings schema at the text’s own path', () => {
    const parsed = messageSettingsUpdateSchema.safeParse({ templates: { booked: { hi: 'टोकन {{token}}' } } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['templates', 'booked', 'hi'], message: 'Begin and end with words, not {{token}}: WhatsApp refuses such a text' }),
    ]);
    expect(messageSettingsUpdateSchema.safeParse({ templates: { booked: { hi: 'आपका टोकन: {{token}}।' } } }).success).toBe(false);
    expect(messageSettingsUpdateSchema.safeParse({ templates: { booked: { hi: 'आपका टोकन {{token}} है।' } } }).success).toBe(true);
  });
});

describe('the WhatsApp template of a text', () => {
  it('numbers the variables in order of first use, once each, and names the template by its event', () => {
    expect(whatsAppTemplateOf('report-ready', ' Hello {{patient}}, your report from {{with}} is ready: {{link}}. Thank you {{patient}}. ')).toEqual({
      name: 'caredesk_report_ready',
      body: 'Hello {{1}}, your report from {{2}} is ready: {{3}}. Thank you {{1}}.',
      variables: ['patient', 'with', 'link'],
    });
  });

  it('takes the shipped Hindi booking as it must be registered', () => {
    const { body, variables } = whatsAppTemplateOf('booked', defaultMessageTemplates.booked.hi);
    expect(variables).toEqual(['patient', 'organisation', 'with', 'date', 'time', 'token', 'facility', 'address', 'map']);
    expect(body.startsWith('नमस्ते {{1}} जी, {{2}} में {{3}} के साथ')).toBe(true);
    expect(body).not.toMatch(/\{\{[a-z]/);
  });
});
