import t from 'tap';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/cli/config.js';

t.test('no configuration file: defaults only', async (t) => {
  const dir = t.testdir({});
  t.same(loadConfig(undefined, dir), { source: null, directory: dir });
});

t.test('spec-run.config.yaml: durations become milliseconds, paths and runtime are kept', async (t) => {
  const dir = t.testdir({ 'spec-run.config.yaml': 'paths: [docs/]\ntimeout: 2m\njobs: 2\nimages:\n  alpine: local/busybox\nruntime: [node, server.js]\n' });
  const config = loadConfig(undefined, dir);
  t.equal(config.timeout, 120_000);
  t.same(config.paths, ['docs/']);
  t.same(config.images, { alpine: 'local/busybox' });
  t.same(config.runtime, ['node', 'server.js']);
  t.equal(config.source, join(dir, 'spec-run.config.yaml'));
});

t.test('a "spec-run" key in package.json is read; a package.json without one is not a configuration', async (t) => {
  const dir = t.testdir({ 'package.json': JSON.stringify({ name: 'x', 'spec-run': { jobs: 3 } }) });
  t.equal(loadConfig(undefined, dir).jobs, 3);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'x' }));
  t.equal(loadConfig(undefined, dir).source, null);
});

t.test('two configurations in one directory are refused, naming both: one would be silently ignored', async (t) => {
  const dir = t.testdir({ 'spec-run.config.json': '{"paths": ["a/"]}', 'spec-run.config.yaml': 'paths: [b/]\n', 'package.json': JSON.stringify({ name: 'x', 'spec-run': { jobs: 2 } }) });
  t.throws(() => loadConfig(undefined, dir), { message: 'several configurations: spec-run.config.json and spec-run.config.yaml and the "spec-run" key of package.json; keep one (or name it with --config)' });
  t.same(loadConfig('spec-run.config.yaml', dir).paths, ['b/'], '--config names the one meant');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'x' }));
  t.throws(() => loadConfig(undefined, dir), { message: /^several configurations: spec-run\.config\.json and spec-run\.config\.yaml;/ }, 'a package.json without the key is no configuration');
});

t.test('--config naming a directory says it wants a file', async (t) => {
  const dir = t.testdir({ specs: {} });
  t.throws(() => loadConfig('specs', dir), { message: 'specs: not a file: --config names a configuration file (spec-run.config.json, .yaml, or a package.json)' });
});

t.test('a misspelt key is named with the key meant; one like no key lists the keys there are', async (t) => {
  const dir = t.testdir({
    'slips.json': JSON.stringify({ executorStep: true, requireverified: true }),
    'nested.json': JSON.stringify({ requirements: { exlude: {} } }),
    'stranger.json': JSON.stringify({ colour: 'red' }),
    'other-number.json': JSON.stringify({ retry: 2 }),
    'other-separator.json': JSON.stringify({ 'require-verified': true }),
  });
  const message = (file: string) => {
    try {
      loadConfig(file, dir);
    } catch (error) {
      return (error as Error).message;
    }
    return '';
  };
  t.match(message('slips.json'), /unknown key 'executorStep' \(did you mean 'executorSteps'\?\)\n.*unknown key 'requireverified' \(did you mean 'requireVerified'\?\)$/, 'each on a line of its own');
  t.match(message('nested.json'), /unknown key 'requirements\.exlude' \(did you mean 'exclude'\?\)$/, 'within an object too');
  t.match(message('stranger.json'), /unknown key 'colour'; the keys are paths, reporter, requireVerified, .*, steps$/);
  t.match(message('other-number.json'), /unknown key 'retry' \(did you mean 'retries'\?\)$/, "cucumber-js's spelling: the other number of the key");
  t.match(message('other-separator.json'), /unknown key 'require-verified' \(did you mean 'requireVerified'\?\)$/, 'the same words with another separator');
});

t.test('unknown keys and bad values are errors naming the key', async (t) => {
  const dir = t.testdir({
    'unknown.json': JSON.stringify({ jobz: 2 }),
    'bad-jobs.json': JSON.stringify({ jobs: 0 }),
    'bad-timeout.json': JSON.stringify({ timeout: '5x' }),
    'bad-image.json': JSON.stringify({ images: { alpine: 3 } }),
  });
  t.throws(() => loadConfig('unknown.json', dir), { message: /unknown key 'jobz' \(did you mean 'jobs'\?\)$/ });
  t.throws(() => loadConfig('bad-jobs.json', dir), { message: /'jobs'/ });
  t.throws(() => loadConfig('bad-timeout.json', dir), { message: /'timeout': expected a positive duration/ });
  t.throws(() => loadConfig('bad-image.json', dir), { message: /'images\.alpine'/ });
  t.throws(() => loadConfig('missing.json', dir), { name: 'ConfigError', message: /no such configuration file/ });
});

t.test('a JSON configuration that does not parse is said at its line and column, not at a character position alone, nor without a place for a token V8 gives none', async (t) => {
  const dir = t.testdir({ 'trailing.json': '{\n  "paths": ["w/"],\n  "jobs": 2,\n}\n', 'cut.json': '{"paths":' });
  t.throws(() => loadConfig('trailing.json', dir), { message: /trailing\.json:4:1: Expected double-quoted property name$/ });
  t.throws(() => loadConfig('cut.json', dir), { message: /cut\.json:1:10: Unexpected end of JSON input$/ });
  const token = t.testdir({ 'spec-run.config.json': '{\n  "jobs": 2,\n  "paths": ["w/",]\n}\n' });
  t.throws(() => loadConfig(undefined, token), { message: /spec-run\.config\.json:3:18: Unexpected token '\]'$/ });
});

t.test("a 'runtime' of the wrong shape says what is accepted", async (t) => {
  const dir = t.testdir({ 'spec-run.config.json': '{ "runtime": "npx spec-run serve" }' });
  t.throws(() => loadConfig(undefined, dir), { message: /'runtime': must be "builtin" or a command line as a list of words, such as \["node", "my-server\.js"\]/ });
});

t.test('from a subdirectory the project\'s configuration above is read, up to the repository\'s root and not past it', async (t) => {
  const dir = t.testdir({
    'spec-run.config.json': JSON.stringify({ runtime: ['node', 'server.mjs'] }),
    specs: { deep: {} },
    repo: { '.git': {}, specs: {} },
    own: { 'spec-run.config.yaml': 'jobs: 2\n', specs: {} },
    node_modules: { dependency: { specs: {} } },
    '.cache': { specs: {} },
  });
  const above = loadConfig(undefined, join(dir, 'specs', 'deep'));
  t.same(above.runtime, ['node', 'server.mjs'], 'two levels down, the configured runtime is the project\'s');
  t.equal(above.directory, dir, 'its paths, runtime and vocabulary are relative to its own directory');
  t.equal(loadConfig(undefined, join(dir, 'repo', 'specs')).source, null, 'a repository of its own does not borrow the configuration of a directory it sits in');
  t.equal(loadConfig(undefined, join(dir, 'own', 'specs')).jobs, 2, 'the nearest configuration wins');
  t.equal(loadConfig(undefined, join(dir, 'node_modules', 'dependency', 'specs')).source, null, 'nor does a dependency in node_modules, which no run of the project searches');
  t.equal(loadConfig(undefined, join(dir, '.cache', 'specs')).source, null, 'nor a dot-directory');
});

t.test('the runtime as reports name it: builtin, or its command line', async (t) => {
  const { runtimeName } = await import('../../src/cli/config.js');
  t.equal(runtimeName({}), 'builtin');
  t.equal(runtimeName({ runtime: 'builtin' }), 'builtin');
  t.equal(runtimeName({ runtime: ['node', 'my server.mjs', 'lie'] }), 'node "my server.mjs" lie');
  t.equal(runtimeName({ runtime: ['builtin'] }), '["builtin"], a command named builtin, not the built-in runtime (the built-in runtime is named by the string: "runtime": "builtin")', 'a command named builtin is not shown as the built-in runtime');
  t.equal(runtimeName({ runtime: ['builtin', '--port'] }), 'builtin --port');
});
