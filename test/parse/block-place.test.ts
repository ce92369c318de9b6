// A place a block's own parser gives (YAML's, the executor's loader, JSON's) is moved to
// where the block's lines stand in the document, whatever container indents them: a list
// item, a numbered one, nested ones, a quote, tabs.
import t from 'tap';
import { parseMarkdown } from '../../src/parse/index.js';
import { codeRef } from '../../src/translate/code-ref.js';
import { readYaml } from '../../src/parse/yaml-error.js';
import { jsonError } from '../../src/parse/json-error.js';
import { checkTimeoutLines, loadConfig } from '../../src/executor/config.js';

/** The YAML (or JSON) LINES fenced under each container, as a document's lines. */
const containers: Record<string, (lines: string[], lang: string) => string[]> = {
  'top level': (lines, lang) => [`\`\`\`${lang}`, ...lines, '```'],
  'a dash item': (lines, lang) => ['- **GIVEN** the configuration:', `  \`\`\`${lang}`, ...lines.map((l) => `  ${l}`), '  ```'],
  'a numbered item': (lines, lang) => ['1. **GIVEN** the configuration:', `   \`\`\`${lang}`, ...lines.map((l) => `   ${l}`), '   ```'],
  'a ten-numbered item': (lines, lang) => ['10) **GIVEN** the configuration:', `    \`\`\`${lang}`, ...lines.map((l) => `    ${l}`), '    ```'],
  'nested items': (lines, lang) => ['- a', '  - **GIVEN** the configuration:', `    \`\`\`${lang}`, ...lines.map((l) => `    ${l}`), '    ```'],
  'a quote': (lines, lang) => [`> \`\`\`${lang}`, ...lines.map((l) => `> ${l}`), '> ```'],
  'a dash item indented by a tab': (lines, lang) => ['- **GIVEN** the configuration:', '', `\t\`\`\`${lang}`, ...lines.map((l) => `\t${l}`), '\t```'],
};
/** JSON may indent its lines by tabs, YAML may not. */
const jsonContainers: typeof containers = {
  ...containers,
  'a dash item, its lines indented by tabs': (lines, lang) => ['- **GIVEN** the configuration:', '', `\t\`\`\`${lang}`, ...lines.map((l) => `\t${l.replace(/^ {4}/, '\t')}`), '\t```'],
};

/** The block of SOURCE's first code block, and the line (from 1) and column of NEEDLE in SOURCE. */
function placed(source: string, needle: string) {
  const doc = parseMarkdown('doc.md', source);
  const lines = source.split('\n');
  const line = lines.findIndex((l) => l.includes(needle));
  return { ref: codeRef('doc.md', doc.codeBlocks[0]), line: line + 1, column: lines[line].indexOf(needle) + 1 };
}

t.test("the executor's validation error is at its value's column in the document, under any container", async (t) => {
  const yaml = ['stop:', '  commands:', '    - run: echo hi', '      timeout: banana'];
  for (const [name, contain] of Object.entries(containers)) {
    const { ref, line, column } = placed(['# Doc', '', ...contain(yaml, 'yaml'), ''].join('\n'), 'banana');
    t.match(loadConfig(ref.text, { at: ref }).errors, [{ path: 'stop.commands[0].timeout', line, column }], name);
  }
});

t.test("a line of bare `timeout:` lines is checked at its value's column in the document", async (t) => {
  const { ref, line, column } = placed(['# Doc', '', ...containers['a numbered item'](['timeout: 30s', 'timeout: banana'], 'yaml'), ''].join('\n'), 'banana');
  t.match(checkTimeoutLines(ref.text, { at: ref }).errors, [{ line, column }]);
});

t.test("a YAML syntax error is where it is at top level, moved by the container's indentation", async (t) => {
  const yaml = ['stop:', '  commands:', '    - run: echo hi', '      name: "b'];
  const error = (contain: (lines: string[], lang: string) => string[]) => {
    const { ref, line, column } = placed(['# Doc', '', ...contain(yaml, 'yaml'), ''].join('\n'), 'name:');
    const found = readYaml(ref.text, ref).error!;
    return { line: found.line - line, column: found.column - column };
  };
  const atTopLevel = error(containers['top level']);
  for (const [name, contain] of Object.entries(containers)) t.same(error(contain), atTopLevel, name);
});

t.test('a JSON syntax error is at its line and column in the document, under any container, also where V8 gives no position', async (t) => {
  for (const [needle, json] of [
    ['}', ['{"jsonrpc": "2.0",', '    "params": {"a": }}']],
    ['"b"', ['{"jsonrpc": "2.0",', '    "params": {"a": 1 "b": 2}}']],
  ] as const) {
    for (const [name, contain] of Object.entries(jsonContainers)) {
      const { ref, line, column } = placed(['# Doc', '', ...contain([...json], 'json'), ''].join('\n'), needle);
      t.match(jsonError(ref.text, ref), { line, column }, `${name}: ${json[1]}`);
    }
  }
  t.same(jsonError('{"a": [1, {"b": null}], "c": "\\u00e9"}'), null);
  t.match(jsonError('{"a": 1,\n}'), { line: 2, column: 1, message: 'Expected double-quoted property name' });
  t.match(jsonError('[1, 2,]'), { line: 1, column: 7, message: "Unexpected token ']'" });
  t.match(jsonError(`${'['.repeat(100_000)}`), { line: 1, column: 100_001, message: 'Unexpected end of JSON input' }, 'nesting deeper than the call stack');
});
