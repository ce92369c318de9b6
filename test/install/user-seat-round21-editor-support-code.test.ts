// Round 21 from a user's seat (spec-run packed, installed into a fresh project outside the
// repository, its server started as an editor starts it): hover kept "Passed (last run …)"
// after the TypeScript file defining a parameter type changed, though a run then failed. Any
// steps file loaded, and any module of the project they import, is code a result stands for.
import t from 'tap';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { userEnvironment, userProject } from '../support/installed.js';
import { startLspClient } from '../support/lsp-client.js';

const CART = `### Requirement: Cart
The cart SHALL total its items.

#### Scenario: One item
- **WHEN** I add 2 of "apple" at €1.50
- **THEN** the total SHALL be €3.00
`;
const PARAMS = `import { defineParameterType } from 'spec-run/steps';
defineParameterType({ name: 'money', regexp: /€(\\d+\\.\\d{2})/, transformer: (s: string) => Number(s) });
`;
const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
import { times } from '../lib/arithmetic.ts';
When('I add {int} of {string} at {money}', function (n: number, _item: string, price: number) { this.total = times(n, price); });
Then('the total SHALL be {money}', function (total: number) { assert.equal(this.total, total); });
`;
const ARITHMETIC = 'export const times = (a: number, b: number): number => a * b;\n';

t.test('hover after a parameter type or an imported module changed: result unknown, and a run indeed fails; the same text saved again keeps the pass', async (t) => {
  const project = userProject({ 'specs/cart.spec.md': CART, 'steps/params.ts': PARAMS, 'steps/cart.steps.ts': STEPS, 'lib/arithmetic.ts': ARITHMETIC });
  t.equal((await project.specRun(['specs/'])).code, 0, 'the CLI run passes');
  const client = await startLspClient(['env', '-u', 'NODE_OPTIONS', join(project.dir, 'node_modules/.bin/spec-run'), 'lsp', '--stdio'], project.dir, userEnvironment());
  t.teardown(() => client.close().catch(() => undefined));
  const uri = client.open(join(project.dir, 'specs/cart.spec.md'));
  await client.diagnostics(uri);
  const hover = () =>
    client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 3, character: 5 } }).then((h) => ((h?.contents as MarkupContent | undefined)?.value ?? '').split('\n\n')[1]);
  const save = async (file: string, text: string) => {
    writeFileSync(join(project.dir, file), text);
    client.filesChanged([join(project.dir, file)]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  };
  t.match(await hover(), /^Passed \(last run, /);
  await save('steps/params.ts', PARAMS);
  t.match(await hover(), /^Passed \(last run, /, 'saved unchanged: the pass stands');
  await save('steps/params.ts', PARAMS.replace('Number(s)', 'Number(s) + 1'));
  t.match(await hover(), /^\*\*Result unknown\*\*/, 'the parameter type changed: no old green');
  t.equal((await project.specRun(['specs/'])).code, 1, 'a CLI run fails');
  await save('steps/params.ts', PARAMS);
  t.equal((await project.specRun(['specs/'])).code, 0);
  t.match(await hover(), /^Passed \(last run, /);
  await save('lib/arithmetic.ts', ARITHMETIC.replace('a * b', 'a + b'));
  t.match(await hover(), /^\*\*Result unknown\*\*/, 'an imported module changed: no old green');
  t.equal((await project.specRun(['specs/'])).code, 1, 'a CLI run fails');
});
