// The definition to paste for an undefined step, cucumber-js style, in the language
// of the user's steps files: JavaScript, or TypeScript when they write .ts.
import { CucumberExpression } from '@cucumber/cucumber-expressions';
import type { ItemArgument } from '../../model/document.js';
import type { StepLibrary } from './library.js';
import { stepText } from './library.js';
import { generateExpression } from './snippet-expression.js';

const TS_TYPES: Record<string, string> = { int: 'number', float: 'number', bigdecimal: 'string', biginteger: 'bigint', double: 'number', string: 'string', word: 'string', '': 'string' };

/** The last parameter of a step with a doc string or data table, named as cucumber-js names it. */
const ARGUMENT_PARAMETER: Record<ItemArgument['kind'], { name: string; type: string }> = {
  'doc-string': { name: 'docString', type: 'string' },
  'data-table': { name: 'dataTable', type: 'DataTable' },
};

export interface Snippet {
  /** The expression as the definition spells it: a cucumber expression, or a regular expression (written /.../). */
  expression: string;
  /** The definition to paste. */
  text: string;
}

export function snippetFor(library: StepLibrary, text: string, keyword: string, argument?: ItemArgument['kind']): string {
  return snippetOf(library, text, keyword, argument).text;
}

/**
 * The snippet of a step: a cucumber expression generated from its text, or, where the
 * text holds what a cucumber expression cannot say (a backslash, a parenthesis or brace
 * it would read as syntax), a regular expression matching exactly that text. Either way
 * the definition, pasted, matches the step.
 */
export function snippetOf(library: StepLibrary, text: string, keyword: string, argument?: ItemArgument['kind']): Snippet {
  const sentence = stepText(text);
  const generated = generateExpression(sentence, library.parameterTypes.parameterTypes);
  const cucumber = matchesExactly(generated.source, sentence, library);
  const params = cucumber
    ? generated.parameterInfos.map((p, i) => {
        const name = `${p.name || 'arg'}${p.count > 1 || i > 0 ? i + 1 : ''}`;
        return library.language === 'ts' ? `${name}: ${TS_TYPES[p.type ?? p.name] ?? TS_TYPES[p.name] ?? 'unknown'}` : name;
      })
    : [];
  if (argument) {
    const { name, type } = ARGUMENT_PARAMETER[argument];
    params.push(library.language === 'ts' ? `${name}: ${type}` : name);
  }
  const args = library.language === 'ts' ? ['this: World', ...params] : params;
  const expression = cucumber ? `'${generated.source.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : `/^${sentence.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$/`;
  return {
    expression: cucumber ? generated.source : expression,
    text: [
      `${keyword}(${expression}, function (${args.join(', ')}) {`,
      '  // Write code here that turns the phrase above into concrete actions',
      "  return 'pending';",
      '});',
    ].join('\n'),
  };
}

/** Each library's snippet expressions, compiled once: thousands of undefined steps share a handful (null: not a valid one). */
const compiled = new WeakMap<StepLibrary['parameterTypes'], Map<string, CucumberExpression | null>>();

/** Whether SOURCE is a valid cucumber expression that matches SENTENCE. */
function matchesExactly(source: string, sentence: string, library: StepLibrary): boolean {
  let expressions = compiled.get(library.parameterTypes);
  if (!expressions) compiled.set(library.parameterTypes, (expressions = new Map()));
  if (!expressions.has(source)) {
    try {
      expressions.set(source, new CucumberExpression(source, library.parameterTypes));
    } catch {
      expressions.set(source, null);
    }
  }
  // The compiled regexp alone: match() would also parse its source into a group tree, in
  // time quadratic in its length, and a snippet's source is as long as the step.
  // V8 compiles it at its first use, where one too large for it throws.
  try {
    return expressions.get(source)?.regexp.test(sentence) ?? false;
  } catch {
    return false;
  }
}

/**
 * One module holding a snippet per distinct expression of STEPS, in the order first met,
 * that loads as a steps file: what `spec-run snippets` prints.
 */
export function snippetsModule(library: StepLibrary, steps: { text: string; keyword: string; argument?: ItemArgument['kind'] }[]): string {
  const seen = new Map<string, string>();
  for (const step of steps) {
    const snippet = snippetOf(library, step.text, step.keyword, step.argument);
    if (!seen.has(snippet.expression)) seen.set(snippet.expression, snippet.text);
  }
  // Nothing to write: no file, rather than an import of nothing (which a linter refuses).
  if (seen.size === 0) return '';
  const texts = [...seen.values()];
  const keywords = ['Given', 'When', 'Then'].filter((k) => texts.some((text) => text.startsWith(`${k}(`)));
  // Types only where a snippet names them: an unused import fails noUnusedLocals.
  const types = library.language === 'ts' ? ['DataTable', 'World'].filter((type) => texts.some((text) => new RegExp(`\\b${type}\\b`).test(text))).map((type) => `type ${type}`) : [];
  const imports = `import { ${[...keywords, ...types].join(', ')} } from 'spec-run/steps';`;
  return [imports, '', ...texts.flatMap((text) => [text, ''])].join('\n');
}
