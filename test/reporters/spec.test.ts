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
