import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { englishTextFinder } from './english-texts.js';
import en from './locales/en.json' with { type: 'json' };
import {
  genderLabels,
  genders,
  messageEventLabels,
  messageEvents,
  messageLanguageLabels,
  messageLanguages,
  messageStatuses,
  messageStatusLabels,
  PAYMENT_MODE_LABELS,
  paymentModes,
} from './index.js';

const sourceDir = fileURLToPath(new URL('.', import.meta.url));
const find = englishTextFinder(en);

/** Where a schema writes a text a person reads: `.min(2, '…')`, `{ message: '…' }`, `{ error: '…' }`. */
const MESSAGE_METHODS = new Set(['min', 'max', 'length', 'regex', 'refine', 'int', 'email', 'iso', 'date']);

/**
 * Every text the schemas of this package write, as its source has it: a template's `${…}` parts
 * become '7' (a constant's value in the running schema), so the catalogue's `{name}` must stand there.
 */
function schemaTexts(): { where: string; text: string }[] {
  const found: { where: string; text: string }[] = [];
  for (const file of readdirSync(sourceDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
    const source = ts.createSourceFile(file, readFileSync(join(sourceDir, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
        const parent = node.parent;
        const inCall =
          ts.isCallExpression(parent) &&
          ts.isPropertyAccessExpression(parent.expression) &&
          MESSAGE_METHODS.has(parent.expression.name.text) &&
          parent.arguments.indexOf(node as ts.Expression) > 0;
        const inOption = ts.isPropertyAssignment(parent) && ['message', 'error'].includes(parent.name.getText(source));
        const isMessageConstant = ts.isVariableDeclaration(parent) && /^(CONTROL_CHARACTERS|EMPTY_PATCH)_MESSAGE$/.test(parent.name.getText(source));
        // A function named …Problem returns the refusal a schema then gives (templateTextProblem).
        const isProblemAnswer = ts.isReturnStatement(parent) && /Problem$/.test(enclosingFunctionName(parent) ?? '');
        if (inCall || inOption || isMessageConstant || isProblemAnswer) {
          const text = ts.isTemplateExpression(node) ? node.head.text + node.templateSpans.map((span) => `7${span.literal.text}`).join('') : node.text;
          found.push({ where: `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`, text });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function enclosingFunctionName(node: ts.Node): string | undefined {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) if (ts.isFunctionDeclaration(at)) return at.name?.text;
  return undefined;
}

describe('the shared catalogue (src/locales)', () => {
  it('has every text a schema here writes, so no validation message stays English-only', () => {
    const texts = schemaTexts();
    expect(texts.length).toBeGreaterThan(80);
    expect(texts.filter(({ text }) => find(text) === undefined)).toEqual([]);
  });

  it('has the labels the apps show, in the words of the English maps', () => {
    for (const gender of genders) expect(en[`label.gender.${gender}`]).toBe(genderLabels[gender]);
    for (const mode of paymentModes) expect(en[`label.paymentMode.${mode}`]).toBe(PAYMENT_MODE_LABELS[mode]);
    for (const status of messageStatuses) expect(en[`label.messageStatus.${status}`]).toBe(messageStatusLabels[status]);
    for (const event of messageEvents) expect(en[`label.messageEvent.${event}`]).toBe(messageEventLabels[event]);
    for (const language of messageLanguages) expect(en[`label.messageLanguage.${language}`]).toBe(messageLanguageLabels[language]);
  });
});

describe('finding a message by its English words', () => {
  const finder = englishTextFinder({
    fixed: 'At most 99 people',
    items: 'At most {max} items',
    bare: 'At most {max}',
    between: 'From {from} to {to}',
    unknown: 'Unknown variable {names}',
  });

  it('finds a fixed text first, then the pattern with the most fixed words, with its values', () => {
    expect(finder('At most 99 people')).toEqual({ id: 'fixed' });
    expect(finder('At most 50 items')).toEqual({ id: 'items', values: { max: '50' } });
    expect(finder('At most 99')).toEqual({ id: 'bare', values: { max: '99' } });
    expect(finder('From 09:00 to 10:30')).toEqual({ id: 'between', values: { from: '09:00', to: '10:30' } });
    expect(finder('Unknown variable {{doctor}}, {{room}}')).toEqual({ id: 'unknown', values: { names: '{{doctor}}, {{room}}' } });
  });

  it('finds nothing for words it does not have, nor for a part of a message', () => {
    expect(finder('Something else')).toBeUndefined();
    expect(finder('At most')).toBeUndefined();
    expect(finder('Not at most 5 items')).toBeUndefined();
    expect(finder('At most two decimals')).toBeUndefined();
  });
});
