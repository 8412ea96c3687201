import { parse, type Token } from '@messageformat/parser';

/**
 * The ICU arguments of a message, each as `name` or `name,type` ('count,plural', 'when,date'),
 * sorted and without repeats: what a translation must keep. The words inside plural and select
 * branches are the translator's; the arguments used inside them count.
 */
export function placeholders(message: string): string[] {
  const found = new Set<string>();
  const visit = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      switch (token.type) {
        case 'content':
        case 'octothorpe':
          break;
        case 'argument':
          found.add(token.arg);
          break;
        case 'function':
          found.add(`${token.arg},${token.key}`);
          break;
        case 'plural':
        case 'select':
        case 'selectordinal':
          found.add(`${token.arg},${token.type}`);
          for (const branch of token.cases) visit(branch.tokens);
          break;
      }
    }
  };
  visit(parse(message));
  return [...found].sort();
}
