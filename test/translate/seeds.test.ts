// The translate stage on the five seed documents: expected units, lines and skipped blocks.
import t from 'tap';
import { parseFile } from '../../src/parse/index.js';
import { describePlan, translate } from '../../src/translate/index.js';
import type { DocumentPlan, Unit } from '../../src/model/plan.js';
import { lineOf, type SEEDS, seedLines, seedPath } from '../parse/seed-files.js';

async function plan(seed: (typeof SEEDS)[number]): Promise<DocumentPlan> {
  return translate(await parseFile(seedPath(seed)));
}

const kinds = (units: Unit[]) => units.map((unit) => unit.kind);

t.test('timeout-protection: 11 FiveAM tests in document order, everything else loads first', async (t) => {
  const seed = 'timeout-protection.test.md';
  const lines = seedLines(seed);
  const p = await plan(seed);
  t.equal(p.family, 'lisp');
  t.equal(p.name, 'timeout-protection-property-test');
  t.same(p.problems, []);
  const testLines = lines.flatMap((line, i) => (line.startsWith('(fiveam:test ') ? [i + 1] : []));
  t.equal(testLines.length, 11);
  t.same(kinds(p.units), Array(11).fill('fiveam-test'));
  t.same(p.units.map((unit) => unit.line), testLines);
  t.same(p.units.map((unit) => unit.kind === 'fiveam-test' && unit.testName), lines.filter((line) => line.startsWith('(fiveam:test ')).map((line) => line.split(' ')[1]));
  t.equal(p.units[0].id, `${seedPath(seed)}#1`);
  t.equal(p.units[10].id, `${seedPath(seed)}#11`);
  t.same(p.units[0].headingPath.at(-1), 'Property 1: Slow Code Times Out');
  t.equal(p.definitions.length, 13, 'generators, 11 tests, helper');
  t.equal(p.definitions.at(-1)?.line, lineOf(lines, '(defun configure-session-timeout'));
  t.same(p.notRun, []);
});

t.test('timeout-handling: Setup is definitions, one unit per assertion block', async (t) => {
  const seed = 'timeout-handling.test.md';
  const lines = seedLines(seed);
  const p = await plan(seed);
  t.same(p.problems, []);
  t.equal(p.definitions.length, 1);
  t.equal(p.definitions[0].line, lineOf(lines, '(defvar *test-server*'));
  t.same(p.definitions[0].headingPath.at(-1), 'Setup');
  const names = p.units.map((unit) => unit.name);
  t.equal(p.units.length, 15);
  t.same(kinds(p.units), Array(15).fill('lisp-block'));
  for (let n = 1; n <= 10; n++) t.match(names[n - 1], new RegExp(`^Scenario ${n}: `));
  t.same(names.slice(10), ['Server Stability After Multiple Timeouts', 'Session State Preserved After Timeout', 'Timeout Configuration Persists', 'No Resource Leaks After Timeout', 'Teardown']);
  const scenario2 = p.units[1];
  t.equal(scenario2.line, lineOf(lines, '(configure-timeout 1)', lineOf(lines, '### Scenario 2:')), 'a block unit starts at its first form');
  if (scenario2.kind === 'lisp-block') t.equal(scenario2.code.line, lineOf(lines, ';; Set low timeout'));
  t.equal(p.units[14].line, lineOf(lines, '(configure-timeout 30)', lineOf(lines, '## Teardown')));
});

t.test('configure-limits-tool: 7 JSON inputs, Expected blocks and checks as block units', async (t) => {
  const seed = 'configure-limits-tool.test.md';
  const lines = seedLines(seed);
  const p = await plan(seed);
  t.same(p.problems, []);
  t.equal(p.definitions.length, 1);
  t.equal(p.definitions[0].line, lineOf(lines, '(defvar *test-session*'));
  const json = p.units.filter((unit) => unit.kind === 'json-input');
  t.equal(json.length, 7);
  t.equal(json[1].name, 'Set Timeout (input)');
  t.equal(json[1].line, lineOf(lines, '{', lineOf(lines, '### Set Timeout')));
  const blocks = p.units.filter((unit) => unit.kind === 'lisp-block').map((unit) => unit.name);
  t.same(blocks, [
    'Query Current Configuration',
    'Set Timeout',
    'Set Max Output',
    'Set Both Parameters',
    'Disable Timeout (Warning Case)',
    'Verify Timeout Actually Applied',
    'Verify Max Output Actually Applied',
    'Invalid Timeout (Negative)',
    'Invalid Max Output (Negative)',
    'Settings Persist Across Evaluations',
    'Teardown',
  ]);
  t.equal(new Set(p.units.map((unit) => unit.name)).size, p.units.length, 'names are unique');
  t.same(p.notRun, []);
});

t.test('timing-isolation: 6 approach blocks, 2 verify functions, illustrations not run', async (t) => {
  const seed = 'timing-isolation.md';
  const lines = seedLines(seed);
  const p = await plan(seed);
  t.same(p.problems, []);
  t.same(kinds(p.units), [...Array(6).fill('lisp-block'), 'verify-function', 'verify-function']);
  t.equal(p.units[2].name, 'Verification Approach: Sleep Accuracy');
  t.equal(p.units[2].line, lineOf(lines, '(let ((result (time-execution "(sleep 0.1)")))'));
  const verify = p.units.slice(6);
  t.same(verify.map((unit) => unit.kind === 'verify-function' && unit.functionName), ['verify-timing-isolation', 'verify-timing-boundaries']);
  t.equal(verify[0].line, lineOf(lines, '(defun verify-timing-isolation'));
  t.same(p.definitions.map((ref) => ref.line), [lineOf(lines, '(defun verify-timing-isolation'), lineOf(lines, '(defun verify-timing-boundaries')]);

  const notRun = p.notRun.map(({ block, reason }) => ({ line: block.line, reason }));
  t.equal(notRun.length, 6);
  const counterexamples = notRun.filter((entry) => /Counterexample Shape/.test(entry.reason));
  t.same(counterexamples.map((entry) => entry.line), [lineOf(lines, '**MCP Overhead Included**') + 1, lineOf(lines, '**Serialization Time Included**') + 1, lineOf(lines, '**Tool Dispatch Included**') + 1]);
  const sketch = notRun.find((entry) => entry.line === lineOf(lines, '(defun handle-time-execution-tool') - 1);
  t.match(sketch?.reason, /Implementation Requirements/);
  t.same(notRun.filter((entry) => /^notation/.test(entry.reason)).map((entry) => entry.line), [lineOf(lines, '## Formal Expression') + 2, lineOf(lines, '**Timing Capture Points**') + 2]);
});

t.test('command-timeouts: every scenario with its requirement, condition, blocks and steps', async (t) => {
  const seed = 'command-timeouts.spec.md';
  const lines = seedLines(seed);
  const p = await plan(seed);
  t.equal(p.family, 'openspec');
  t.equal(p.name, 'Specification: Command Execution Timeouts');
  t.same(p.problems, []);
  const scenarioHeadings = lines.filter((line) => line.startsWith('#### Scenario:'));
  t.equal(p.units.length, scenarioHeadings.length);
  t.equal(p.units.length, 21);
  t.same(p.units.map((unit) => unit.name), scenarioHeadings.map((line) => line.replace('#### Scenario:', '').trim()));

  const first = p.units[0];
  if (first.kind !== 'scenario') throw new Error('scenario expected');
  t.equal(first.requirement, 'Timeout Configuration');
  t.equal(first.condition, 'When timeout is specified on a command:');
  t.equal(first.line, lineOf(lines, '#### Scenario: Command with Timeout'));
  t.same(first.configs.map((ref) => [ref.lang, ref.line]), [['yaml', lineOf(lines, 'stop:', first.line)]]);
  t.equal(first.steps.length, 5);
  t.same(first.steps[4], { keyword: 'Then', text: "If process doesn't exit, SIGKILL sent after grace period", line: lineOf(lines, "5. If process doesn't exit"), number: 5 });

  const byName = (name: string) => p.units.find((unit) => unit.name === name);
  const host = byName('Host Command Timeout');
  if (host?.kind !== 'scenario') throw new Error('Host Command Timeout expected');
  t.same(host.configs.map((ref) => ref.lang), ['yaml', null], 'the expected message block is kept with the scenario');
  t.equal(host.configs[1].line, lineOf(lines, 'Error: Command execution timed out after 5s'));
  t.equal(host.steps.length, 8);

  const message = byName('Timeout Error Message');
  if (message?.kind !== 'scenario') throw new Error('Timeout Error Message expected');
  t.same(message.configs.map((ref) => ref.lang), [null]);
  t.equal(message.requirement, 'Timeout Error Reporting');

  const logs = byName('Timeout in Session Logs');
  if (logs?.kind !== 'scenario') throw new Error('Timeout in Session Logs expected');
  t.equal(logs.steps.length, 6, 'numbered list without "Then:"');
  t.same(logs.steps.map((step) => step.keyword), Array(6).fill('Then'));
  t.equal(logs.steps[0].line, lineOf(lines, '1. Timeout logged with timestamp'));

  const modified = p.units.at(-1);
  t.equal(modified?.kind === 'scenario' && modified.requirement, 'Host Command Execution Enhancement');

  t.same(p.notRun.map(({ block }) => block.line), [lineOf(lines, '## Configuration Schema') + 2, lineOf(lines, '### Timeout Mechanism - Host Execution') + 1, lineOf(lines, '### Timeout Mechanism - Docker Execution') + 1]);
  t.ok(p.notRun.every(({ reason }) => /outside scenarios/.test(reason)));
});

t.test('the listing names every unit, skipped block and definition with file:line', async (t) => {
  const seed = 'timing-isolation.md';
  const lines = seedLines(seed);
  const p = await plan(seed);
  const listing = describePlan(p);
  for (const unit of p.units) t.ok(listing.includes(`${unit.kind}`) && listing.includes(`${unit.name}  (${p.file}:${unit.line})`), `lists ${unit.name}`);
  t.match(listing, `${p.file}:${lineOf(lines, '(defun handle-time-execution-tool') - 1}  lisp: illustration: under the label "Implementation Requirements"`);
  t.match(listing, `${p.file}:${lineOf(lines, '(defun verify-timing-isolation')}  defun verify-timing-isolation`);
  t.match(listing, 'not run (6)');
  t.notMatch(listing, 'problems');
});
