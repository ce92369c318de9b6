// The types that ship with spec-run/steps: a TypeScript steps file type-checks
// against them, and a misuse is a type error.
import t from 'tap';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { scratchDirectory } from '../support/scratch.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

async function typeCheck(source: string) {
  const dir = scratchDirectory('spec-run-types-');
  writeFileSync(path.join(dir, 'steps.ts'), source);
  const paths = { 'spec-run/steps': [path.join(root, 'dist/src/steps/index.d.ts')] };
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', types: [], paths }, files: ['steps.ts'] }));
  return execa(process.execPath, [tsc, '-p', dir], { reject: false });
}

t.test('a TypeScript steps file type-checks against the shipped declarations', async (t) => {
  const ok = await typeCheck(`import { Before, Then, When, defineParameterType, type World } from 'spec-run/steps';
defineParameterType({ name: 'colour', regexp: /red|green/, transformer: (s: string) => s.toUpperCase() });
Before(function (this: World) { this.count = 0; });
When('I run {string}', async function (this: World, command: string) {
  const result = await this.run(command, { timeout: '30s', maxOutputLines: 10 });
  this.attach('stdout', result.stdout);
  const tools = await (await this.mcp()).listTools();
  this.attach('tools', tools.tools.map((tool) => tool.name));
});
Then('the block on line {int} SHALL be YAML', function (this: World, line: number) {
  const block = this.blocks.find((b) => b.line === line);
  if (block?.lang !== 'yaml') this.skip('no YAML block there');
});
`);
  t.equal(ok.exitCode, 0, ok.stdout);
  const cucumberShaped = await typeCheck(`import { After, AfterAll, Before, BeforeAll, Given, setDefaultTimeout, type World } from 'spec-run/steps';
let started = false;
BeforeAll(async () => { started = true; });
AfterAll({ name: 'stop', timeout: 5000 }, function () { started = false; });
Before({ name: 'fresh counter' }, function (this: World) { this.count = 0; });
After(function (this: World) { this.log(\`count \${String(this.count)}\`); });
setDefaultTimeout(10_000);
Given('a slow thing', { timeout: 60_000 }, async function (this: World) {
  this.attach(JSON.stringify({ started }), 'application/json');
});
Given('a callback thing', function (this: World, done: (error?: Error) => void) { setTimeout(done, 10); });
`);
  t.equal(cucumberShaped.exitCode, 0, `hooks with options, step options, callbacks, log and attach(data, mediaType) type-check: ${cucumberShaped.stdout}`);
  const bad = await typeCheck(`import { When } from 'spec-run/steps';
When('I run {string}', 42);
`);
  t.equal(bad.exitCode, 2);
  t.match(bad.stdout, /steps\.ts\(2,24\): error TS2345/);
});

t.test("a world type of the steps file's own (this: CartWorld, an interface extending World) type-checks in steps, hooks and parameter types' transformers, as in cucumber-js; so do hook callbacks", async (t) => {
  const own = await typeCheck(`import { After, AfterAll, Before, Given, Then, defineParameterType, type World } from 'spec-run/steps';
interface CartWorld extends World { items: string[]; currency: string }
defineParameterType({ name: 'price', regexp: /\\d+/, transformer(this: CartWorld, amount: string) { return \`\${amount} \${this.currency}\`; } });
Before(function (this: CartWorld) { this.items = []; });
Before(function (this: CartWorld, scenario, callback) { setTimeout(callback, 10); });
AfterAll(function (callback) { callback(); });
Given('the cart has {string}', function (this: CartWorld, item: string) { this.items.push(item); });
Then('the cart holds {int} items', { timeout: 1000 }, function (this: CartWorld, count: number) { if (this.items.length !== count) throw new Error('wrong count'); });
After({ name: 'empty the cart' }, function (this: CartWorld) { this.items.length = 0; });
`);
  t.equal(own.exitCode, 0, own.stdout);
});
