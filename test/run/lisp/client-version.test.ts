// One version: every initialize spec-run sends (the Lisp vocabulary's, the host's
// for initialized servers, the step library's MCP client) names package.json's
// version in clientInfo, as the real runtime server receives it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { glob } from 'tinyglobby';
import type { ScenarioUnit } from '../../../src/model/plan.js';
import { StepWorld } from '../../../src/run/scenario/step-world.js';
import { frontmatter, lisp, options, REAL_RUNTIME, runMarkdown } from './helpers.js';

const packageVersion = (JSON.parse(readFileSync(join(options().projectRoot, 'package.json'), 'utf8')) as { version: string }).version;

/** The real runtime, behind a tee that appends every line the server is sent to `file`. */
const recordingRuntime = (file: string) => ['sh', '-c', `tee -a "$0" | exec "$@"`, file, ...REAL_RUNTIME];

/** The clientInfo of each initialize request in a record of lines. */
function clientInfos(file: string): unknown[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { method?: string; params?: { clientInfo?: unknown } })
    .filter((message) => message.method === 'initialize')
    .map((message) => message.params?.clientInfo);
}

t.test("the servers spec code starts see package.json's version in clientInfo", async (t) => {
  const record = join(t.testdir(), 'sent.jsonl');
  const md = `${frontmatter()}${lisp(`(let ((fresh (make-test-server :initialize nil)))
  (assert (result-response-p (initialize-server fresh)))
  (stop-test-server fresh))
(stop-test-server (make-initialized-test-server))`)}`;
  const r = await runMarkdown(md, options({ runtimeCommand: recordingRuntime(record) }));
  t.same(r.failed, [], 'the document runs');
  const infos = clientInfos(record);
  t.equal(infos.length, 2, 'one initialize from the vocabulary, one from the host');
  t.same(infos, infos.map(() => ({ name: 'spec-run', version: packageVersion })));
});

t.test("the step library's MCP client names package.json's version", async (t) => {
  const record = join(t.testdir(), 'sent.jsonl');
  const unit = { id: 'x.spec.md#1', file: 'x.spec.md', requirement: 'r', name: 's', condition: null, configs: [] } as unknown as ScenarioUnit;
  const world = new StepWorld(unit, options({ runtimeCommand: recordingRuntime(record) }));
  await world.mcp();
  await world.dispose();
  t.same(clientInfos(record), [{ name: 'spec-run-steps', version: packageVersion }]);
});

t.test('no source file spells the version itself: package.json is the one place', async (t) => {
  const sources = await glob(['src/**/*.{ts,lisp,mjs,sh}', 'scripts/**/*'], { cwd: options().projectRoot });
  t.ok(sources.length > 50, `${sources.length} source files read`);
  const spelled = sources.filter((file) => readFileSync(join(options().projectRoot, file), 'utf8').includes(`"${packageVersion}"`) || readFileSync(join(options().projectRoot, file), 'utf8').includes(`'${packageVersion}'`));
  t.same(spelled, [], `no source quotes "${packageVersion}"`);
});
