// Tool arguments are checked by the tools' own input schemas (compiled by ajv), with
// answers worded as the runtime contract states them. The oracle below spells the
// contract's rules one by one; the schemas must refuse exactly what it refuses, with
// the same text, for any arguments.
import fc from 'fast-check';
import t from 'tap';
import { callTool, requestedLimits, TOOL_SCHEMA_OPTIONS, TOOLS } from '../../src/runtime/tools.js';
import type { Limits, RuntimeSession } from '../../src/runtime/session.js';

const shown = (value: unknown) => JSON.stringify(value) ?? String(value);
const DECLARED: Record<string, string[]> = Object.fromEntries(TOOLS.map((tool) => [tool.name, Object.keys(tool.inputSchema.properties ?? {})]));

/** The refusal the contract gives for `args`, or null when they are accepted. */
function oracle(tool: string, args: Record<string, unknown>): string | null {
  const known = DECLARED[tool];
  const unknown = Object.keys(args).find((name) => !known.includes(name));
  if (unknown !== undefined) return `Unknown argument "${unknown}" (value ${shown(args[unknown])}); ${tool} accepts: ${known.join(', ')}.`;
  for (const name of known) {
    const value = args[name];
    if (value === undefined) {
      if (name === 'code') return 'Missing argument "code": a string of Lisp code is required.';
      continue;
    }
    if ((name === 'code' || name === 'package') && typeof value !== 'string') return `Invalid argument "${name}": ${shown(value)} is not a string.`;
    if (name === 'capture-time' && typeof value !== 'boolean') return `Invalid argument "${name}": ${shown(value)} is not true or false.`;
    if ((name === 'timeout' || name === 'max-output') && typeof value === 'number' && Number.isInteger(value) && value > Number.MAX_SAFE_INTEGER) {
      return `Invalid argument "${name}": ${shown(value)} ${name === 'timeout' ? 'seconds' : 'characters'} is more than the most allowed, ${Number.MAX_SAFE_INTEGER}.`;
    }
    if ((name === 'timeout' || name === 'max-output') && !(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)) {
      return `Invalid argument "${name}": ${shown(value)} is not a whole number of ${name === 'timeout' ? 'seconds' : 'characters'}, 0 or more.`;
    }
  }
  return null;
}

const anyValue = fc.oneof(fc.string({ maxLength: 4 }), fc.integer({ min: -3, max: 3 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), fc.constant(2 ** 60), fc.array(fc.nat(), { maxLength: 2 }));
const argumentsOf = (tool: string) =>
  fc.dictionary(fc.constantFrom(...DECLARED[tool], 'extra', 'Code', 'timeouts'), fc.oneof(anyValue, fc.constant('(+ 1 2)'), fc.nat({ max: 100 })), { maxKeys: 4 });

/** A session that must not be reached by a refused call; a call that is accepted arrives at evaluate. */
class ReachedEvaluation extends Error {
  constructor(readonly code: string, readonly packageName: string | undefined) {
    super('evaluate');
  }
}
const unreachableSession = {
  evaluate: async (code: string, packageName?: string) => {
    throw new ReachedEvaluation(code, packageName);
  },
} as unknown as RuntimeSession;

t.test('evaluate-lisp and time-execution: refused with the contract text exactly, or evaluated with the arguments given', async (t) => {
  for (const tool of ['evaluate-lisp', 'time-execution']) {
    await fc.assert(
      fc.asyncProperty(argumentsOf(tool), async (args) => {
        const expected = oracle(tool, args);
        try {
          const answer = await callTool(unreachableSession, tool, args);
          return expected !== null && answer?.isError === true && answer.text === expected;
        } catch (error) {
          return expected === null && error instanceof ReachedEvaluation && error.code === args.code && error.packageName === args.package;
        }
      }),
      { numRuns: 500 },
    );
    t.pass(`${tool}: 500 generated calls agree with the contract`);
  }
});

t.test('configure-limits: the same refusals, and accepted values become the limits', async (t) => {
  const current: Limits = { timeoutSeconds: 30, maxOutput: 100_000 };
  fc.assert(
    fc.property(argumentsOf('configure-limits'), (args) => {
      const expected = oracle('configure-limits', args);
      try {
        const limits = requestedLimits(current, args);
        return expected === null && limits.timeoutSeconds === ((args.timeout as number | undefined) ?? 30) && limits.maxOutput === ((args['max-output'] as number | undefined) ?? 100_000);
      } catch (error) {
        return expected !== null && (error as Error).message === expected;
      }
    }),
    { numRuns: 1000 },
  );
  t.pass('1000 generated calls agree with the contract');
});

t.test('examples of each refusal', async (t) => {
  const refusal = async (tool: string, args: Record<string, unknown>) => (await callTool(unreachableSession, tool, args))?.text;
  t.equal(await refusal('evaluate-lisp', {}), 'Missing argument "code": a string of Lisp code is required.');
  t.equal(await refusal('evaluate-lisp', { code: 5, package: 7 }), 'Invalid argument "code": 5 is not a string.');
  t.equal(await refusal('evaluate-lisp', { package: 7 }), 'Missing argument "code": a string of Lisp code is required.', 'the first argument in the schema is named first');
  t.equal(await refusal('evaluate-lisp', { code: '1', 'capture-time': 'yes' }), 'Invalid argument "capture-time": "yes" is not true or false.');
  t.equal(await refusal('time-execution', { code: 5, zz: 1, aa: 2 }), 'Unknown argument "zz" (value 1); time-execution accepts: code, package.', 'unknown arguments first, in the order given');
  t.throws(() => requestedLimits({ timeoutSeconds: 30, maxOutput: 1 }, { timeout: 2 ** 60 }), { message: `Invalid argument "timeout": ${2 ** 60} seconds is more than the most allowed, ${Number.MAX_SAFE_INTEGER}.` });
  t.equal(await callTool(unreachableSession, 'no-such-tool', {}), undefined);
});

t.test('every tool input schema is valid JSON Schema (the runtime compiles them without that check, to start faster)', async (t) => {
  const { Ajv } = await import('ajv');
  const checking = new Ajv({ ...TOOL_SCHEMA_OPTIONS, validateSchema: true });
  for (const tool of TOOLS) {
    t.ok(checking.validateSchema(tool.inputSchema), `${tool.name}: ${checking.errorsText(checking.errors)}`);
    t.doesNotThrow(() => checking.compile(tool.inputSchema), tool.name);
  }
  t.notOk(checking.validateSchema({ type: 'object', properties: { code: { type: 'no-such-type' } } }), 'an invalid schema is refused');
});
