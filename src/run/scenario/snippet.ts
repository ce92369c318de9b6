// The definition to paste for an undefined step, cucumber-js style, in the language
// of the user's steps files: JavaScript, or TypeScript when they write .ts.
import { CucumberExpressionGenerator } from '@cucumber/cucumber-expressions';
import type { ItemArgument } from '../../model/document.js';
import type { StepLibrary } from './library.js';
import { stepText } from './library.js';

const TS_TYPES: Record<string, string> = { int: 'number', float: 'number', bigdecimal: 'string', biginteger: 'bigint', double: 'number', string: 'string', word: 'string', '': 'string' };

/** The last parameter of a step with a doc string or data table, named as cucumber-js names it. */
const ARGUMENT_PARAMETER: Record<ItemArgument['kind'], { name: string; type: string }> = {
  'doc-string': { name: 'docString', type: 'string' },
  'data-table': { name: 'dataTable', type: 'DataTable' },
};

export function snippetFor(library: StepLibrary, text: string, keyword: string, argument?: ItemArgument['kind']): string {
  const generator = new CucumberExpressionGenerator(() => library.parameterTypes.parameterTypes);
  const [generated] = generator.generateExpressions(stepText(text));
  const params = generated.parameterInfos.map((p, i) => {
    const name = `${p.name || 'arg'}${p.count > 1 || i > 0 ? i + 1 : ''}`;
    return library.language === 'ts' ? `${name}: ${TS_TYPES[p.type ?? p.name] ?? TS_TYPES[p.name] ?? 'unknown'}` : name;
  });
  if (argument) {
    const { name, type } = ARGUMENT_PARAMETER[argument];
    params.push(library.language === 'ts' ? `${name}: ${type}` : name);
  }
  const args = library.language === 'ts' ? ['this: World', ...params] : params;
  const quoted = `'${generated.source.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return [
    `${keyword}(${quoted}, function (${args.join(', ')}) {`,
    '  // Write code here that turns the phrase above into concrete actions',
    "  return 'pending';",
    '});',
  ].join('\n');
}
