import fc from 'fast-check';
import t from 'tap';
import { stringify } from 'yaml';
import { checkTimeoutLines, commandProblems, configSchema, CONTAINER_ONLY, cpusBeyondEngine, loadConfig, MAX_OUTPUT_LINES, resolveTimeout } from '../../src/executor/config.js';
import { CONFIG_REFERENCE } from '../../src/executor/config-reference.js';

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
    { at: { line: 10 } },
  );
  t.equal(config.commands.length, 1, 'commands with errors are left out');
  t.equal(errors.length, 2);
  t.match(errors[0], { path: 'stop.commands[1].timeout', line: 15, column: 16 });
  t.match(errors[0].message, /^stop\.commands\[1\]\.timeout: invalid duration "2h30m": only a single unit .* Valid: '30s', '5m', '2h', null/);
  t.match(errors[1], { path: 'stop.commands[2].timeout', line: 17 });
  t.match(errors[1].message, /300.*string/);
});

t.test('unknown keys are named', async (t) => {
  const { errors } = loadConfig('stop:\n  commands:\n    - run: a\n      gracePeriod: 0\n  retries: 2\n');
  t.same(errors.map((e) => [e.path, e.line]), [['stop.commands[0].gracePeriod', 4], ['stop.retries', 5]]);
  t.match(errors[0].message, /unknown key 'gracePeriod'/);
});

t.test('failFast: true or false under stop:, absent by default; any other value refused at its place; last of the keys an unknown one is told', async (t) => {
  const commands = '  commands:\n    - run: a\n';
  t.equal(loadConfig(`stop:\n  failFast: true\n${commands}`).config.failFast, true);
  for (const off of ['  failFast: false\n', '']) {
    const { config, errors } = loadConfig(`stop:\n${off}${commands}`);
    t.same(errors, [], `${off.trim() || 'absent'}: accepted`);
    t.notOk('failFast' in config, `${off.trim() || 'absent'}: the configuration loads as one without the key`);
  }
  for (const [written, shown] of [['"true"', '"true"'], ['yes', '"yes"'], ['1', '1'], ['null', 'null']]) {
    const { config, errors } = loadConfig(`stop:\n${commands}  failFast: ${written}\n`);
    t.same(errors.map((e) => [e.path, e.line, e.column, e.message]), [['stop.failFast', 4, 13, `stop.failFast: must be true or false, not ${shown}`]], `${written}: refused at its value`);
    t.notOk(config.failFast, `${written}: not taken for true`);
  }
  const { errors } = loadConfig(`stop:\n  failfast: true\n${commands}`);
  t.same(errors.map((e) => e.message), ["stop.failfast: unknown key 'failfast' (allowed here: defaultTimeout, commands, failFast)"]);
  t.notMatch(loadConfig('stop:\n  commands:\n    - run: a\n      failFast: true\n').errors[0]?.message, /allowed here: .*failFast/, "a command's own keys do not include it");
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
  const bad = loadConfig('stop:\n  commands:\n    - run: ""\n      image: alpine\n      maxOutputLines: 0\n      memory: lots\n      cpus: -1\n      showStdout: "yes"\n');
  t.same(bad.errors.map((e) => e.path), ['stop.commands[0].run', 'stop.commands[0].maxOutputLines', 'stop.commands[0].memory', 'stop.commands[0].cpus', 'stop.commands[0].showStdout']);
});

t.test('a memory limit written as a bare YAML integer is that many bytes, as Docker reads one; too few is refused as too few', async (t) => {
  const bytes = loadConfig('stop:\n  commands:\n    - run: "true"\n      image: alpine\n      memory: 67108864\n');
  t.same(bytes.errors, []);
  t.equal(bytes.config.commands[0].memory, '67108864');
  const few = loadConfig('stop:\n  commands:\n    - run: "true"\n      image: alpine\n      memory: 512\n');
  t.match(few.errors, [{ path: 'stop.commands[0].memory', message: /at least 6m .*not "512"/ }]);
  const fraction = loadConfig('stop:\n  commands:\n    - run: "true"\n      image: alpine\n      memory: 1.5\n');
  t.match(fraction.errors, [{ path: 'stop.commands[0].memory', message: /positive integer with an optional unit/ }]);
});

t.test('a limit or an identity only a container applies, on a command with no image, is an error naming the field', async (t) => {
  const { errors } = loadConfig('stop:\n  commands:\n    - run: "id -u"\n      user: nobody\n      memory: 64m\n    - run: "id -u"\n      image: alpine\n      user: nobody\n');
  t.same(errors.map((e) => [e.path, e.line]), [['stop.commands[0].user', 4], ['stop.commands[0].memory', 5]]);
  t.match(errors[0].message, /applies in a container only: this command has no image:, so it would run on the host without it \(add image:, or remove user:\)/);
});

t.test('a command with a wrong field still has its other fields checked: every problem is listed in one run', async (t) => {
  // The checks that compare fields (a relative container workdir, a container-only field on the
  // host) once ran only when every field was valid, so a second run showed what the first hid.
  const { errors } = loadConfig('stop:\n  commands:\n    - run: "pwd"\n      image: alpine\n      workdir: src\n      showStdout: "no"\n    - run: "pwd"\n      cpus: 1\n      maxOutputLines: 0\n');
  t.same(errors.map((e) => e.path).sort(), ['stop.commands[0].showStdout', 'stop.commands[0].workdir', 'stop.commands[1].cpus', 'stop.commands[1].maxOutputLines']);
});

t.test('a repeated key is listed with the file\'s other problems; broken YAML alone, as the rest cannot be read', async (t) => {
  const repeated = loadConfig('stop:\n  defaultTimeout: "5 m"\n  commands:\n    - run: "echo a"\n      timeout: "10s"\n      timeout: "20s"\n      colour: red\n');
  t.same(repeated.errors.map((e) => [e.path, e.line]), [['stop.defaultTimeout', 2], ['stop.commands[0].timeout', 6], ['stop.commands[0].colour', 7]]);
  const otherwiseValid = loadConfig('stop:\n  commands:\n    - run: "echo a"\n      timeout: "10s"\n      timeout: "20s"\n');
  t.same(otherwiseValid.errors.map((e) => e.path), ['stop.commands[0].timeout']);
  t.same(otherwiseValid.config.commands, [], 'nothing of a file with a repeated key is taken as valid');
  const broken = loadConfig('stop:\n  defaultTimeout: "5 m"\n  commands:\n    - run: "echo a"\n     timeout: "10s"\n');
  t.same(broken.errors.map((e) => e.path), ['(yaml)']);
});

t.test('broken YAML and missing sections are errors with places', async (t) => {
  t.match(loadConfig('stop:\n  commands:\n    - run: a\n      timeout: "1s"\n      timeout: "2s"\n').errors[0], { path: 'stop.commands[0].timeout', line: 5, column: 7, message: "stop.commands[0].timeout: duplicated key 'timeout', first at line 4" });
  t.match(loadConfig('other: 1\n').errors.map((e) => e.path), ['other', 'stop'], 'an unknown top-level key is named as written, without "(root)."');
  t.match(loadConfig('stop:\n  commands:\n    - run: a\n  commands: [b]\n').errors.find((e) => e.message.includes('duplicated')), { path: 'stop.commands', line: 4, message: "stop.commands: duplicated key 'commands', first at line 2" });
  t.match(loadConfig('stop:\n  defaultTimeout: 5m\n').errors[0], { path: 'stop.commands', line: 1, column: 1 }, 'a missing key at the key of the section that lacks it');
  t.match(loadConfig('stop:\n  commands:\n    - timeout: 5m\n').errors[0], { path: 'stop.commands[0].run', line: 3, column: 7 }, "a list item's missing key at the item");
  t.match(loadConfig('other: 1\n').errors.find((e) => e.path === 'stop'), { line: 1, column: 1 });
  for (const [quote, text] of [['double', 'stop:\n  commands:\n    - run: "echo hi\n      timeout: 5s\n'], ['single', "stop:\n  commands:\n    - run: 'echo hi\n"], ['at the end without a newline', 'stop:\n  commands:\n    - run: "echo hi']]) {
    t.match(loadConfig(text).errors, [{ path: '(yaml)', line: 3, column: 12, message: /a quoted value opened here is never closed/ }], `a ${quote} quote never closed: where it opens, not past the last line`);
  }
  t.match(loadConfig('stop:\n  commands:\n    - run: "echo hi"\n      timeout: "5s\n', { at: { line: 10 } }).errors, [{ line: 13, column: 16 }], 'in an enclosing file, at its line there');
});

t.test('timeout lines are checked one by one, even with a repeated key', async (t) => {
  const { entries, errors } = checkTimeoutLines('timeout: "5x"         # Invalid suffix\ntimeout: "30s"\n\ntimeout: null\ntimeout: 300\n', { at: { line: 7 } });
  t.same(entries.map((e) => [e.line, e.setting?.kind ?? 'error']), [[7, 'error'], [8, 'limit'], [10, 'none'], [11, 'error']]);
  t.same(errors.map((e) => e.line), [7, 11]);
  t.match(errors[0].message, /^timeout: invalid duration "5x"/);
});

t.test('errors point at the offending node: the key for unknown and bad keys, the value for bad values, the mapping for missing ones', async (t) => {
  const { errors } = loadConfig('stop:\n  commands:\n    - image: x\n      env: { "a-b": 1, OK: [1] }\n      user: -3\n');
  t.same(
    errors.map((e) => [e.path, e.line, e.column]),
    [
      ['stop.commands[0].run', 3, 7],
      ['stop.commands[0].env.a-b', 4, 14],
      ['stop.commands[0].env.OK', 4, 28],
      ['stop.commands[0].user', 5, 13],
    ],
  );
  t.match(errors[0].message, /every command needs `run:`$/, 'a missing field names no value');
  t.match(errors[3].message, /must be a user name or uid\[:gid\] \(ids from 0 to 2147483647\), not -3$/, 'a bad value is named');
});

t.test("a user Docker cannot take (blanks, more than one colon, an empty name or group) is refused with the file's other problems, not at `docker create`", async (t) => {
  const user = (value: string) => loadConfig(`stop:\n  commands:\n    - run: "id -u"\n      image: x\n      user: ${value}\n`).errors.map((e) => [e.path, e.line, e.message.replace(/^.*: must/, 'must')]);
  for (const bad of ['"root user"', '"a:b:c"', '""', '"nobody:"', '":1000"', '"1000: 1000"', '"-1"', '"4294967296"', '"1000:-1"', '"2147483648"', '-1', '4294967296', '"+2147483648"', '"0:+2147483648"', '"+5"']) {
    t.same(user(bad), [['stop.commands[0].user', 5, `must be a user name or uid[:gid] (ids from 0 to 2147483647), not ${bad}`]], bad);
  }
  for (const good of ['nobody', '"1000:1000"', '0', '"www-data:adm"', '"user.name"', '"2147483647"', '2147483647', '"1x"']) t.same(user(good), [], good);
});

t.test('a NUL character in a value handed to a process is refused with the file\'s other problems, where the spawn had ended the run unreported', async (t) => {
  const config = `stop:\n  commands:\n    - run: "echo a\\0b"\n      image: "x\\0"\n      workdir: "/w\\0"\n      network: "n\\0"\n      user: "u\\0"\n      env:\n        X: "a\\0"\n    - run: "echo fine"\n      env:\n        Y: "a\\\\0 written as two characters"\n`;
  t.same(
    loadConfig(config).errors.map((e) => [e.path, e.line, e.message.replace(/^.*?: (?=must)/, '')]),
    [
      ['stop.commands[0].run', 3, 'must not contain a NUL character (\\0): no command line, path or variable can hold one'],
      ['stop.commands[0].image', 4, 'must not contain a NUL character (\\0): no command line, path or variable can hold one'],
      ['stop.commands[0].workdir', 5, 'must not contain a NUL character (\\0): no command line, path or variable can hold one'],
      ['stop.commands[0].network', 6, 'must not contain a NUL character (\\0): no command line, path or variable can hold one'],
      ['stop.commands[0].user', 7, 'must be a user name or uid[:gid] (ids from 0 to 2147483647), not "u\\u0000"'],
      ['stop.commands[0].env.X', 9, 'must not contain a NUL character (\\0): no command line, path or variable can hold one'],
    ],
  );
});

// Valid values of each field, as YAML writes them, and what the configuration reads.
const validCommand = fc.record(
  {
    run: fc.stringMatching(/^[a-z][a-z0-9 ./-]{0,20}$/),
    timeout: fc.oneof(fc.constant(null), fc.tuple(fc.integer({ min: 1, max: 596 }), fc.constantFrom('s', 'm', 'h')).map(([n, unit]) => `${n}${unit}`)),
    image: fc.stringMatching(/^[a-z][a-z0-9:.-]{0,12}$/),
    maxOutputLines: fc.integer({ min: 1, max: MAX_OUTPUT_LINES }),
    // At least Docker's minimum, 6m, in each unit.
    memory: fc.oneof(
      fc
      .oneof(
        fc.tuple(fc.integer({ min: 6 * 1024 ** 2, max: 2 ** 31 }), fc.constantFrom('', 'b')),
        fc.tuple(fc.integer({ min: 6 * 1024, max: 4 * 1024 ** 2 }), fc.constant('k')),
        fc.tuple(fc.integer({ min: 6, max: 4096 }), fc.constantFrom('m', 'g')),
      )
      .map(([n, unit]) => `${n}${unit}`),
      // A YAML integer: bytes.
      fc.integer({ min: 6 * 1024 ** 2, max: 2 ** 31 }),
    ),
    cpus: fc.double({ min: 0.01, max: 64, noNaN: true }),
    workdir: fc.stringMatching(/^\/[a-z0-9/]{0,12}$/),
    env: fc.dictionary(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/), fc.oneof(fc.string(), fc.integer(), fc.boolean()), { maxKeys: 3 }),
    network: fc.constantFrom('none', 'host', 'bridge'),
    user: fc.oneof(fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/), fc.nat({ max: 65535 })),
    showStdout: fc.boolean(),
    showStderr: fc.boolean(),
    message: fc.string({ minLength: 1 }),
  },
  { requiredKeys: ['run'] },
).map((command) => (command.image === undefined ? Object.fromEntries(Object.entries(command).filter(([field]) => !(CONTAINER_ONLY as readonly string[]).includes(field))) : command));
const validConfig = fc.record({ stop: fc.record({ defaultTimeout: fc.oneof(fc.constant(null), fc.constantFrom('30s', '5m', '2h')), commands: fc.array(validCommand, { minLength: 1, maxLength: 4 }) }, { requiredKeys: ['commands'] }) });

/** What the configuration should read from a command written as `fields`. */
function expected(fields: Record<string, unknown>) {
  const { run, timeout, memory, user, env, cpus, ...rest } = fields;
  const timeoutSetting = timeout === undefined ? { kind: 'inherit' } : timeout === null ? { kind: 'none' } : { kind: 'limit', text: timeout };
  return {
    run,
    timeout: timeoutSetting,
    showStdout: true,
    showStderr: true,
    ...rest,
    env: Object.fromEntries(Object.entries((env as Record<string, unknown> | undefined) ?? {}).map(([k, v]) => [k, String(v)])),
    ...(memory === undefined ? {} : { memory: String(memory).toLowerCase() }),
    ...(user === undefined ? {} : { user: String(user) }),
    ...(cpus === undefined ? {} : { cpus }),
  };
}

t.test('property: any configuration the schema accepts round-trips through YAML', async (t) => {
  fc.assert(
    fc.property(validConfig, (written) => {
      const { config, errors } = loadConfig(stringify(written));
      t.same(errors, [], 'no errors');
      t.equal(config.commands.length, written.stop.commands.length, 'every command is kept');
      written.stop.commands.forEach((command, index) => t.match(config.commands[index], { index, ...expected(command) }));
      const defaultTimeout = written.stop.defaultTimeout;
      t.match(config.defaultTimeout, defaultTimeout === undefined ? { kind: 'inherit' } : defaultTimeout === null ? { kind: 'none' } : { kind: 'limit', text: defaultTimeout });
    }),
    { numRuns: 150 },
  );
});

// One invalid value of each field; the schema must reject each, in any otherwise valid configuration.
const CORRUPTIONS: Record<string, fc.Arbitrary<unknown>> = {
  run: fc.constantFrom('', '   ', 5, null, [], {}),
  timeout: fc.constantFrom('5x', '-5m', '5', '0s', '5m30s', 300, 'soon', true, [], '600h'),
  image: fc.constantFrom('', 3, null, ['a']),
  maxOutputLines: fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: MAX_OUTPUT_LINES + 1 }), fc.constantFrom(1.5, '100', null)),
  memory: fc.constantFrom('lots', '0m', '-1g', '512mb', 512, 0, -64, 15000000.5, null, '1k', '5m'),
  cpus: fc.oneof(fc.double({ max: 0, noNaN: true }), fc.constantFrom('abc', null, true, [])),
  workdir: fc.constantFrom('', 1, null),
  env: fc.constantFrom('x', 3, ['A=1'], { 'not-a-name': 1 }, { A: [1] }, { A: null }),
  network: fc.constantFrom('', false, null),
  user: fc.constantFrom('', -1, 1.5, true, null),
  showStdout: fc.constantFrom('yes', 1, null),
  showStderr: fc.constantFrom('no', 0, []),
  message: fc.constantFrom('', 7, null),
  gracePeriod: fc.constantFrom(0, '2s'),
};

t.test('property: any single-field corruption is rejected, naming the field, at a line inside the document', async (t) => {
  fc.assert(
    fc.property(validConfig, fc.constantFrom(...Object.keys(CORRUPTIONS)), fc.nat(), (written, field, which) =>
      fc.assert(
        fc.property(CORRUPTIONS[field], (bad) => {
          const index = which % written.stop.commands.length;
          const commands = written.stop.commands.map((command, i) => (i === index ? { ...command, [field]: bad } : command));
          const text = stringify({ stop: { ...written.stop, commands } });
          const { config, errors } = loadConfig(text, { at: { line: 20 } });
          const lastLine = 20 + text.split('\n').length - 2;
          t.equal(errors.length >= 1, true, `${field}: ${JSON.stringify(bad)} is rejected`);
          for (const e of errors) t.ok(e.line >= 20 && e.line <= lastLine, `${e.message}: line inside the document (20-${lastLine})`);
          t.ok(errors.every((e) => e.path.startsWith(`stop.commands[${index}].${field}`)), `the errors name the field: ${errors.map((e) => e.path).join(', ')}`);
          t.equal(config.commands.length, commands.length - 1, 'the corrupted command is left out');
        }),
        { numRuns: 3 },
      ),
    ),
    { numRuns: 100 },
  );
});

t.test('exec --help describes every key the configuration schema takes, and no other', async (t) => {
  const stop = configSchema.shape.stop;
  const keys = ['stop', ...Object.keys(stop.shape), ...Object.keys(stop.shape.commands.element.shape)];
  for (const key of keys) t.match(CONFIG_REFERENCE, `${key}:`, `${key} described`);
  // The keys the reference lays out as YAML (its explanations stand further right).
  const laidOut = [...CONFIG_REFERENCE.matchAll(/^ {2,10}(?:- )?([A-Za-z_]+):/gm)].map((match) => match[1]);
  t.same(laidOut.filter((key) => !keys.includes(key) && key !== 'NODE_ENV'), [], 'nothing laid out that the schema does not take');
});

t.test("a memory limit below Docker's minimum (6m) is refused at its value, as a bad value is", async (t) => {
  const config = (memory: string) => `stop:\n  commands:\n    - run: "true"\n      image: alpine\n      memory: "${memory}"\n`;
  for (const small of ['1k', '6291455b', '5m']) {
    const { errors } = loadConfig(config(small));
    t.match(errors, [{ path: 'stop.commands[0].memory', line: 5, column: 15 }], `${small}: refused at its value`);
    t.match(errors[0]?.message, `must be at least 6m (Docker's smallest memory limit), not "${small}"`, `${small}: the minimum is named`);
  }
  for (const enough of ['6m', '6144k', '6291456', '1g']) t.same(loadConfig(config(enough)).errors, [], `${enough}: accepted`);
});

t.test("a CPU limit below Docker's smallest (0.01) is refused at its value; 0 and below keep their own words", async (t) => {
  const config = (cpus: string) => `stop:\n  commands:\n    - run: "true"\n      image: alpine\n      cpus: ${cpus}\n`;
  for (const small of ['0.001', '0.009', '"0.005"']) {
    const { errors } = loadConfig(config(small));
    t.match(errors, [{ path: 'stop.commands[0].cpus', line: 5, column: 13 }], `${small}: refused at its value`);
    t.match(errors[0]?.message, `must be at least 0.01 (Docker's smallest CPU limit), not ${Number(JSON.parse(small))}`, `${small}: the minimum is named`);
  }
  for (const none of ['0', '-1']) t.same(loadConfig(config(none)).errors.map((e) => e.message), [`stop.commands[0].cpus: must be a positive number of CPUs (e.g. 1.5), not ${none}`], `${none}: one error, as before`);
  for (const enough of ['0.01', '0.5', '64']) t.same(loadConfig(config(enough)).errors, [], `${enough}: accepted by the file (the engine's top is checked before the run)`);
});

t.test("cpusBeyondEngine: a container command's cpus above the engine's CPUs, at its value, naming the range", async (t) => {
  const { config, errors } = loadConfig('stop:\n  commands:\n    - run: "true"\n      image: alpine\n      cpus: 64\n    - run: "true"\n      image: alpine\n      cpus: 2\n    - run: "true"\n      image: alpine\n      cpus: "2.5"\n');
  t.same(errors, []);
  t.same(cpusBeyondEngine(config, 2), [
    { path: 'stop.commands[0].cpus', line: 5, column: 13, message: 'stop.commands[0].cpus: must be at most 2, the CPUs the Docker engine offers (its range is from 0.01 to 2), not 64' },
    { path: 'stop.commands[2].cpus', line: 11, column: 13, message: 'stop.commands[2].cpus: must be at most 2, the CPUs the Docker engine offers (its range is from 0.01 to 2), not 2.5' },
  ]);
  t.same(cpusBeyondEngine(config, 64), [], 'within an engine of 64 CPUs');
});

t.test("a command given as data (the steps API's this.run) has the problems a file's command has, in the same words", async (t) => {
  const commands: Record<string, unknown>[] = [
    { run: 'id -u', image: 'busybox', user: '+5' },
    { run: 'id -u', image: 'busybox', user: '0:-1' },
    { run: 'id -u', image: 'busybox', user: -1 },
    { run: 'echo hi\0' },
    { run: 'true', env: { A: 'x\0y' }, workdir: 'a\0b' },
    { run: 'true', user: '5', memory: '512m' },
    { run: 'true', image: 'busybox', workdir: 'relative', timeout: '2h30m', maxOutputLines: 0, usr: 'x' },
    { run: 'true', image: 'busybox', user: 'nobody:nogroup', timeout: null },
  ];
  // The command is this.run's first argument: `run:` is `command:` there, and no key of its options.
  const asData = (message: string) => message.replace(/^run:/, 'command:').replace(/\(allowed here: run, ([^)]*)\)/, '(allowed here: $1, signal)');
  const ofData = ({ run, ...options }: Record<string, unknown>) => commandProblems(run, options);
  for (const command of commands) {
    const fromFile = loadConfig(stringify({ stop: { commands: [command] } })).errors.map((error) => asData(error.message.replace(/^stop\.commands\[0\]\./, '')));
    t.same(ofData(command).sort(), fromFile.sort(), JSON.stringify(command));
  }
  t.same(commandProblems('id -u', { image: 'busybox', user: '+5' }), ['user: must be a user name or uid[:gid] (ids from 0 to 2147483647), not "+5"']);
  t.same(ofData(commands.at(-1)!), [], 'a valid command has none');
});

t.test("this.run's options: null or undefined are none; anything but a mapping, or a `run` among them, is refused in exec's words", async (t) => {
  t.same(commandProblems('true', null), []);
  t.same(commandProblems('true', undefined), []);
  t.same(commandProblems('true', { signal: new AbortController().signal }), [], 'an abort signal is an option of its own');
  t.match(commandProblems('true', 'soon'), [/^options: must be a mapping of the command's settings \(allowed here: timeout, image, .*, signal\), not "soon"$/]);
  t.match(commandProblems('true', ['x']), [/^options: must be a mapping/]);
  const [runKey, ...others] = commandProblems('true', { run: 'exit 3' });
  t.match(runKey, /^run: unknown key 'run': the command is the first argument \(allowed here: timeout, /);
  t.notMatch(runKey, /allowed here: run/);
  t.same(others, []);
  t.match(commandProblems('', { timout: '1s' }), [/^command: must be a non-empty command string, not ""$/, /^timout: unknown key 'timout' \(allowed here: timeout, [^)]*signal\)$/]);
});
