import t from 'tap';
import { render, smallRun } from './render.js';
import { specReporter } from '../../reporters/spec.js';

const renderSpec = (color: boolean) => render(specReporter({ color }), smallRun);

t.test('plain output names the failing check, its place and its values', async (t) => {
  const text = await renderSpec(false);
  t.match(text, /✖ Scenario 1 \(1 of 3 checks failed, 12 ms\)/);
  t.match(text, /✖ \(search "=> 3" text\) a\.md:6/);
  t.match(text, /text: => 4 & more/);
  t.match(text, /1 passed, 1 failed/);
  t.notMatch(text, /\u001b\[/, 'no escape codes without colour');
});

t.test('colour is used only when asked for', async (t) => {
  t.match(await renderSpec(true), /\u001b\[31m✖/);
});

t.test('the terminal view ends with each requirement, its status and why, then the requirements line', async (t) => {
  const { tracedRun } = await import('./traced-run.js');
  const text = await render(specReporter({ color: false }), tracedRun);
  t.match(text, /\nRequirements\n {2}✖ Limits specs\/limits\.md:3 failing \(2 passed, 1 failed\)\n {2}\? Logging specs\/limits\.md:20 untested \(no scenario or unit verifies it\)\nrequirements: 0 verified, 1 failing, 1 untested\n/);
});

t.test('without its summary (stderr closes the run on the same terminal) it leaves out the requirements line and the counts, and nothing else', async (t) => {
  const { tracedRun } = await import('./traced-run.js');
  const whole = await render(specReporter({ color: false }), tracedRun);
  const bare = await render(specReporter({ color: false, summary: false }), tracedRun);
  t.match(whole, /\nrequirements: 0 verified, 1 failing, 1 untested\n[^]*\d+ passed, \d+ failed/);
  t.notMatch(bare, /^requirements:|^\d+ passed, \d+ failed/m, 'stderr says these once');
  t.match(bare, /\nRequirements\n {2}✖ Limits specs\/limits\.md:3 failing \(2 passed, 1 failed\)\n {2}\? Logging specs\/limits\.md:20 untested \(no scenario or unit verifies it\)\n$/, 'each requirement and why, which stderr does not say');
  t.ok(whole.startsWith(bare), 'the units and requirements are shown as before');
});

t.test('a report file says what fails the run beyond its checks: --require-verified, a stop before every document ran', async (t) => {
  const end = smallRun.find((e) => e.type === 'run-end');
  const failing = smallRun.map((e) => (e === end ? { ...e, unverified: [{ text: 'specs/a.md#Logging is untested (no scenario or unit verifies it)', at: { file: 'specs/a.md', line: 20 } }], stopped: '--bail: a check failed; 2 documents not run' } : e));
  const text = await render(specReporter({ color: false }), failing);
  t.match(text, /✖ the run fails: --bail: a check failed; 2 documents not run\n✖ the run fails: --require-verified: specs\/a\.md#Logging is untested \(no scenario or unit verifies it\) \(specs\/a\.md:20\)\n/, 'at the requirement\'s line');
  const bare = await render(specReporter({ color: false, summary: false }), failing);
  t.notMatch(bare, /the run fails/, 'on a terminal, stderr says it');
});
