// A scenario's condition never drops a word that may state a setting of its run (round 26): a word no
// rule reads inside a phrase that says how the run is made ("runs with …", "as …", "without …", an
// environment variable's name) leaves the condition unread, naming it, unless the YAML block holds
// that setting; the writer's own name for the command ("the build runs") is set aside, said so.
// Sentences written for these tests (the report's ten shapes among them), both ways.
import t from 'tap';
import { conditionUse, type ConditionUse } from '../../src/run/scenario/interpreter/condition.js';
import { conditionBeyondBlock } from '../../src/run/scenario/interpreter/condition-setup.js';
import { interpret } from '../../src/run/scenario/interpreter/index.js';

const plain = 'stop:\n  commands:\n    - run: "echo mode=${NODE_ENV:-development}"\n      timeout: 10s\n';
const held = 'stop:\n  commands:\n    - run: "id -u"\n      image: alpine\n      timeout: 10s\n      user: "1000"\n      network: none\n      workdir: /workspace/app\n      env:\n        NODE_ENV: production\n';
const use = (text: string, yaml: string | null = plain): ConditionUse => conditionUse({ text: text.replace(/`/g, ''), code: [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]), yaml });
const parts = (got: ConditionUse) => (got.kind === 'read' ? got.parts.map((p) => p.text).join('; ') : '');
const says = (got: ConditionUse) => (got.kind === 'unsaid' ? got.says.join('; ') : '');

t.test('the report\'s ten conditions: each read and set up, or not read naming what it states; none is the block alone', (t) => {
  const read: [string, RegExp][] = [
    ['with NODE_ENV set to production', /env NODE_ENV=production/],
    ['with the environment variable NODE_ENV set to production', /env NODE_ENV=production/],
    ['with NODE_ENV=production', /env NODE_ENV=production/],
    ['in the directory packages/app', /workdir: packages\/app/],
    ['in the packages/app directory', /workdir: packages\/app/],
    ['with a memory limit of 64m', /memory: 64m/],
    ['as user nobody', /user: nobody/],
    ['with a timeout of 1 second', /timeout = 1 s/],
    ['with 2 CPUs', /cpus: 2/],
  ];
  for (const subject of ['the build runs', 'the command runs', 'the job is run']) {
    for (const [said, reading] of read) {
      const got = use(`When ${subject} ${said}:`);
      t.equal(got.kind, 'read', `${subject} ${said}`, { got });
      t.match(parts(got), reading, `${subject} ${said}`);
    }
    for (const [said, named] of [['without network access', /network/], ['as a non-root user', /user/]] as const) {
      const got = use(`When ${subject} ${said}:`);
      t.equal(got.kind, 'unsaid', `${subject} ${said}: not read, and not the block alone`, { got });
      t.match(says(got), named);
      t.match(conditionBeyondBlock({ text: `When ${subject} ${said}:`, yaml: plain }, { text: plain, line: 1 } as never) ?? '', named, 'the built-in expressions fail naming it too');
    }
  }
  t.match(parts(use('When the build runs with NODE_ENV set to production:')), /"the build" is the writer's name for the command, set aside/, 'the name set aside is said in the reading');
  t.end();
});

t.test('a word no rule reads in a phrase of the run is never dropped; words describing the block still restate it', (t) => {
  for (const text of [
    'When the command runs in release mode:',
    'When the build runs offline:',
    'When the command runs under a restricted profile:',
    'When the command runs using the staging credentials:',
    'When the command runs with DEBUG_LEVEL raised:',
    'When a command with FEATURE_FLAG enabled prints its mode:',
  ]) {
    const got = use(text);
    t.equal(got.kind, 'unsaid', text, { got });
    t.match(says(got), /which the YAML block does not hold/, text);
  }
  // Words that cannot change what runs: the writer's name, a description of what the block's commands do.
  for (const text of ['When the build runs:', 'When a command prints its mode:', 'When the build runs and prints its mode:', 'When a trivial command echoes its mode:']) {
    t.not(use(text).kind, 'unsaid', text, { got: use(text) });
  }
  // A figure after the verb is how long the command runs, not a setting of how it runs.
  for (const text of ['When a job runs 2s under a 10s timeout:', 'When the build runs 3 seconds:']) {
    t.notMatch(says(use(text)), /which the YAML block does not hold/, text, { got: use(text) });
  }
  t.end();
});

t.test('a setting the block holds is read against it; the same words over a block without it are not', (t) => {
  for (const text of ['When the build runs without network access:', 'When the build runs as a non-root user:', 'When the build runs offline:', 'When the build runs with NODE_ENV=production in its environment:']) {
    t.not(use(text, held).kind, 'unsaid', `${text} over a block that holds it`, { got: use(text, held) });
    t.equal(use(text).kind === 'read' || use(text).kind === 'unsaid', true, `${text} over a block that does not: set up or not read`);
  }
  const rootBlock = held.replace('user: "1000"', 'user: root');
  t.equal(use('When the build runs as a non-root user:', rootBlock).kind, 'unsaid', 'a root user is no non-root user');
  t.equal(use('When a command with FEATURE_FLAG enabled prints its mode:', held).kind, 'unsaid', 'a variable the block does not set');
  t.not(use('When a command with NODE_ENV unchanged prints its mode:', held).kind, 'unsaid', 'a variable the block sets');
  t.end();
});

t.test('a WHEN step that introduces the block is used the same way', (t) => {
  const bound = interpret('the build runs with NODE_ENV set to production:', 'When', [], undefined, plain);
  t.match(bound, { ok: true, text: /env NODE_ENV=production/ });
  const unread = interpret('the build runs as a non-root user:', 'When', [], undefined, plain);
  t.equal(unread.ok, false, 'not the YAML block alone');
  const named = interpret('the build runs:', 'When', [], undefined, plain);
  t.match(named, { ok: true, text: /"the build" is the writer's name for the command, set aside/ }, 'the writer\'s name alone sets nothing up, said so');
  t.end();
});

t.test('"runs as NAME" names the user, never a command line', (t) => {
  t.match(parts(use('When the command runs as nobody:')), /user: nobody/);
  t.notMatch(parts(use('When the command runs as root:')), /run `root`/);
  t.end();
});
