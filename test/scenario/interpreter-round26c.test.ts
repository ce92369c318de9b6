// Round 26c: a When (condition paragraph or a step that introduces the YAML block) that names what the run is made
// with beyond its configuration (a signal, the event log, an option of `spec-run exec`) in words no rule reads is
// never set up as the block alone: it stays unread, naming them. Sentences written for these tests, both ways.
import t from 'tap';
import { conditionUse, type ConditionUse } from '../../src/run/scenario/interpreter/condition.js';

const yaml = 'stop:\n  commands:\n    - run: "echo log"\n      timeout: 10s\n';
const use = (text: string): ConditionUse => conditionUse({ text: text.replace(/`/g, ''), code: [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]), yaml });

t.test('a signal, the event log or an option said in words not read leaves the When unread, naming it', (t) => {
  const named: [string, RegExp][] = [
    ['one quick check passes and the runner is handed an event log', /"log"/],
    ['the pipeline is handed a trail with the logging of failures as well', /"logging"/],
    ['the runner receives SIGTERM a moment into the first step', /"SIGTERM"/],
    ['the runner is interrupted halfway through', /"interrupted"/],
    // Written bare, the option is marked as one (round 28) and named as a literal the block does not say.
    ['the harness is launched passing --log-failures too', /`--log-failures`, which the YAML block does not say/],
  ];
  for (const [text, part] of named) {
    const got = use(text);
    t.equal(got.kind, 'unsaid', text, { got });
    t.match(got.kind === 'unsaid' ? got.says.join('; ') : '', part, `${text}: names what it made the run with`);
  }
  t.end();
});

t.test('a When that names none of them, or names one only inside the block\'s own command, still restates the block', (t) => {
  for (const text of ['one quick check passes in the harness', 'the harness runs `echo log` once', 'the command does nothing special about signals', 'a catalogue of the signals is kept in the dialogue']) {
    const got = use(text);
    t.not(got.kind, 'unsaid', text, { got });
  }
  t.end();
});
