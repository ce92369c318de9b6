// A scenario's condition paragraph above its YAML block, as the built-in expressions see it: what
// it sets up that the block does not hold is named, so their Thens never check the block alone.
import t from 'tap';
import { conditionBeyondBlock } from '../../src/run/scenario/interpreter/condition-setup.js';

const block = (text: string) => ({ text, lang: 'yaml', line: 6, file: 's.spec.md', columns: [] }) as unknown as Parameters<typeof conditionBeyondBlock>[1];
const sleep3 = block('stop:\n  commands:\n    - run: "sleep 3"\n');
const beyond = (condition: string, yaml = sleep3) => conditionBeyondBlock({ text: condition, yaml: yaml.text }, yaml);

t.test('a setting the condition states and the block lacks is named, read or not', async (t) => {
  t.equal(beyond('When the command runs with a timeout of 1 second:'), 'timeout = 1 s');
  t.match(beyond('When the frobnicator engages with a timeout of 1 second:') ?? '', /1 s .*which the YAML block does not hold/);
  t.ok(beyond('When the command runs with a timeout of 1 second:', block('stop:\n  commands:\n    - run: "sleep 3"\n      timeout: 5s\n')), 'a condition contradicting the block is beyond it too');
});

t.test('a condition that restates the block, or says what no setting is, sets nothing beyond it', async (t) => {
  t.equal(beyond('When the command `sleep 3` runs:'), null);
  t.equal(beyond('When the command runs with a timeout of 1 second:', block('stop:\n  commands:\n    - run: "sleep 3"\n      timeout: 1s\n')), null);
  t.equal(beyond('When process receives SIGTERM:'), null, 'a signal the built-in expressions read themselves');
});
