import t from 'tap';
import { checkTimeoutLines, loadConfig, resolveTimeout } from '../../src/executor/config.js';

t.test('precedence: command > defaultTimeout > 5 minutes; null disables, omission inherits', async (t) => {
  const { config, errors } = loadConfig(`stop:
  defaultTimeout: "10m"
  commands:
    - run: a
    - run: b
      timeout: "30s"
    - run: c
      timeout: null
`);
  t.same(errors, []);
  t.same(config.commands.map((c) => resolveTimeout(config, c)), [
    { ms: 600_000, text: '10m', source: 'defaultTimeout' },
    { ms: 30_000, text: '30s', source: 'command' },
    { ms: null, text: 'none', source: 'command' },
  ]);
  const bare = loadConfig('stop:\n  commands:\n    - run: a\n').config;
  t.same(resolveTimeout(bare, bare.commands[0]), { ms: 300_000, text: '5m', source: 'built-in default' });
  const nullDefault = loadConfig('stop:\n  defaultTimeout: null\n  commands:\n    - run: a\n').config;
  t.equal(resolveTimeout(nullDefault, nullDefault.commands[0]).ms, null, 'defaultTimeout: null disables for inheriting commands');
});

t.test('errors are data naming path, value, place and the valid forms', async (t) => {
  const { config, errors } = loadConfig(
    `stop:
  commands:
    - run: "test1"
      timeout: "30s"
    - run: "test4"
      timeout: "2h30m"
    - run: "x"
      timeout: 300
`,
    { firstLine: 10 },
  );
  t.equal(config.commands.length, 1, 'commands with errors are left out');
  t.equal(errors.length, 2);
  t.match(errors[0], { path: 'stop.commands[1].timeout', line: 15, column: 16 });
  t.match(errors[0].message, /stop\.commands\[1\]\.timeout at 15:16: invalid duration "2h30m": only a single unit .* Valid: '30s', '5m', '2h', null/);
  t.match(errors[1], { path: 'stop.commands[2].timeout', line: 17 });
  t.match(errors[1].message, /300.*string/);
});

t.test('unknown keys are named', async (t) => {
  const { errors } = loadConfig('stop:\n  commands:\n    - run: a\n      gracePeriod: 0\n  retries: 2\n');
  t.same(errors.map((e) => [e.path, e.line]), [['stop.commands[0].gracePeriod', 4], ['stop.retries', 5]]);
  t.match(errors[0].message, /unknown key 'gracePeriod'/);
});

t.test('every field is read and checked', async (t) => {
  const { config, errors } = loadConfig(`stop:
  commands:
    - run: "npm test"
      image: node:18
      maxOutputLines: 100
      memory: 512M
      cpus: 1.5
      workdir: /src
      env: { CI: true, N: 3 }
      network: none
      user: 1000
      showStdout: false
      showStderr: true
      message: "see the wiki"
`);
  t.same(errors, []);
  t.match(config.commands[0], { image: 'node:18', maxOutputLines: 100, memory: '512m', cpus: 1.5, workdir: '/src', env: { CI: 'true', N: '3' }, network: 'none', user: '1000', showStdout: false, message: 'see the wiki' });
  const bad = loadConfig('stop:\n  commands:\n    - run: ""\n      maxOutputLines: 0\n      memory: lots\n      cpus: -1\n      showStdout: "yes"\n');
  t.same(bad.errors.map((e) => e.path), ['stop.commands[0].run', 'stop.commands[0].maxOutputLines', 'stop.commands[0].memory', 'stop.commands[0].cpus', 'stop.commands[0].showStdout']);
});

t.test('broken YAML and missing sections are errors with places', async (t) => {
  t.match(loadConfig('stop:\n  commands:\n    - run: a\n      timeout: "1s"\n      timeout: "2s"\n').errors[0], { path: '(yaml)', line: 5, message: /DUPLICATE_KEY/ });
  t.match(loadConfig('other: 1\n').errors.map((e) => e.path), ['(root).other', 'stop']);
  t.match(loadConfig('stop:\n  defaultTimeout: 5m\n').errors[0], { path: 'stop.commands' });
});

t.test('timeout lines are checked one by one, even with a repeated key', async (t) => {
  const { entries, errors } = checkTimeoutLines('timeout: "5x"         # Invalid suffix\ntimeout: "30s"\n\ntimeout: null\ntimeout: 300\n', { firstLine: 7 });
  t.same(entries.map((e) => [e.line, e.setting?.kind ?? 'error']), [[7, 'error'], [8, 'limit'], [10, 'none'], [11, 'error']]);
  t.same(errors.map((e) => e.line), [7, 11]);
  t.match(errors[0].message, /timeout at 7:10: invalid duration "5x"/);
});
