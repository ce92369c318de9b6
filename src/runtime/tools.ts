// The runtime's three tools: their input schemas (written out by hand, so the
// tools/list answer says exactly what is accepted; the same schemas, compiled by
// ajv, check the arguments of every call) and their handlers.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { evaluationText, limitsText, timeExecutionText, type ToolText } from './format.js';
import type { CancelSignal, Limits, Outcome, RuntimeSession } from './session.js';

/** The arguments evaluate-lisp and time-execution share. */
const CODE_ARGUMENTS = {
  code: { type: 'string', description: 'One or more forms, read and evaluated in order.' },
  package: { type: 'string', description: "Package to read and evaluate in (default: the session's current package, initially CL-USER)." },
};

export const TOOLS: Tool[] = [
  {
    name: 'evaluate-lisp',
    description:
      'Evaluate Common Lisp forms in this session\'s SBCL process. Answers [stdout], [stderr] and [warnings] sections ' +
      'when they have content and one "=> value" line per value of the last form; errors start with "[ERROR] TYPE".',
    inputSchema: {
      type: 'object',
      properties: {
        ...CODE_ARGUMENTS,
        'capture-time': { type: 'boolean', description: 'Add a "; Timing:" line with real, run and GC time and bytes consed.' },
      },
      required: ['code'],
      additionalProperties: false,
    },
  },
  {
    name: 'configure-limits',
    description: "Set this session's evaluation timeout and output limit; omitted arguments keep their setting. Answers the limits now in force.",
    inputSchema: {
      type: 'object',
      properties: {
        timeout: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'Seconds an evaluation may run; 0 disables the timeout (default 30).' },
        'max-output': { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'Characters of output kept per evaluation (default 100000).' },
      },
      additionalProperties: false,
    },
  },
  {
    name: 'time-execution',
    description:
      'Evaluate like evaluate-lisp and answer one JSON object: result, output, and timing measured inside Lisp ' +
      '(real-time-ms, run-time-ms, gc-time-ms, bytes-allocated, allocation-rate-mb-per-sec). An evaluation that fails or ' +
      'times out is answered as evaluate-lisp answers it (isError), followed by its timing as a JSON object when there is one.',
    inputSchema: {
      type: 'object',
      properties: CODE_ARGUMENTS,
      required: ['code'],
      additionalProperties: false,
    },
  },
];

type Arguments = Record<string, unknown>;

/** An argument the tool cannot use: answered with isError, naming it and its value. */
class ArgumentProblem extends Error {}

const shown = (value: unknown) => JSON.stringify(value) ?? String(value);

/** What a whole-number argument counts, for its refusal message. */
const COUNTED_IN: Record<string, string> = { timeout: 'seconds', 'max-output': 'characters' };

/**
 * Each tool's input schema compiled once; all errors, so the answer can name the first
 * argument by a fixed order. The schemas are constants checked against the meta-schema by
 * the tests (arguments.test.ts): checking them at every start would compile the
 * meta-schema too, a fifth of `spec-run serve`'s load time.
 */
export const TOOL_SCHEMA_OPTIONS = { allErrors: true, validateSchema: false } as const;
let ajv: Ajv | undefined;
const validators = new Map<string, ValidateFunction>();

/**
 * TOOL's compiled schema, compiled at its first call: a run of documents that never
 * evaluate anything loads this module too, and compiling the three schemas at load took
 * about 12 ms of its start.
 */
function validatorOf(tool: Tool): ValidateFunction {
  let validate = validators.get(tool.name);
  if (!validate) validators.set(tool.name, (validate = (ajv ??= new Ajv(TOOL_SCHEMA_OPTIONS)).compile(tool.inputSchema)));
  return validate;
}

function toolNamed(name: string): Tool {
  const tool = TOOLS.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool named ${name}`);
  return tool;
}

/**
 * Checks `args` against the tool's input schema; throws the ArgumentProblem the
 * answer states. Unknown arguments are named first (in the order given), then the
 * declared arguments in the schema's order.
 */
function checkArguments(tool: Tool, args: Arguments): void {
  const validate = validatorOf(tool);
  if (validate(args)) return;
  const declared = Object.keys(tool.inputSchema.properties ?? {});
  const unknown = validate.errors!.filter((e) => e.keyword === 'additionalProperties').map((e) => (e.params as { additionalProperty: string }).additionalProperty);
  const first = Object.keys(args).find((name) => unknown.includes(name));
  if (first !== undefined) throw new ArgumentProblem(`Unknown argument "${first}" (value ${shown(args[first])}); ${tool.name} accepts: ${declared.join(', ')}.`);
  const argumentOf = (error: ErrorObject) => (error.keyword === 'required' ? (error.params as { missingProperty: string }).missingProperty : error.instancePath.slice(1));
  const errors = validate.errors!.map((error) => ({ error, name: argumentOf(error) })).sort((a, b) => declared.indexOf(a.name) - declared.indexOf(b.name));
  const { error, name } = errors[0];
  if (error.keyword === 'required') throw new ArgumentProblem(`Missing argument "${name}": a string of Lisp code is required.`);
  const value = shown(args[name]);
  const type = (tool.inputSchema.properties![name] as { type: string }).type;
  if (type === 'string') throw new ArgumentProblem(`Invalid argument "${name}": ${value} is not a string.`);
  if (type === 'boolean') throw new ArgumentProblem(`Invalid argument "${name}": ${value} is not true or false.`);
  // A whole number past the largest the schema allows is too large, not "no whole number".
  if (error.keyword === 'maximum') throw new ArgumentProblem(`Invalid argument "${name}": ${value} ${COUNTED_IN[name]} is more than the most allowed, ${(error.params as { limit: number }).limit}.`);
  throw new ArgumentProblem(`Invalid argument "${name}": ${value} is not a whole number of ${COUNTED_IN[name]}, 0 or more.`);
}

/** The new limits `args` ask for; throws ArgumentProblem before changing anything. */
export function requestedLimits(current: Limits, args: Arguments): Limits {
  checkArguments(toolNamed('configure-limits'), args);
  const { timeout, 'max-output': maxOutput } = args as { timeout?: number; 'max-output'?: number };
  return { timeoutSeconds: timeout ?? current.timeoutSeconds, maxOutput: maxOutput ?? current.maxOutput };
}

/** The arguments of evaluate-lisp or time-execution, checked against its schema. */
function codeArguments(tool: string, args: Arguments): { code: string; package?: string; 'capture-time'?: boolean } {
  checkArguments(toolNamed(tool), args);
  return args as { code: string; package?: string; 'capture-time'?: boolean };
}

function refusal(problem: ArgumentProblem, extra = ''): ToolText {
  return { text: `${problem.message}${extra}`, isError: true };
}

/** evaluate-lisp's answer for `outcome`: `replied` when the worker answered the client itself. */
export function evaluateLispText(outcome: Outcome): ToolText {
  if (outcome.answer?.replyWritten) return { text: '', isError: outcome.answer.isError === true, replied: outcome.answer.replyWritten };
  return evaluationText(outcome);
}

/**
 * Runs tool `name`; undefined when there is no such tool. `signal` cancels an evaluation.
 * `replyId`, the request's JSON-RPC id as JSON text, lets a session whose worker has the
 * client's stdout answer an evaluate-lisp call there itself: the ToolText says `replied`.
 */
export async function callTool(session: RuntimeSession, name: string, args: Arguments, signal?: CancelSignal, replyId?: string): Promise<ToolText | undefined> {
  try {
    switch (name) {
      case 'evaluate-lisp': {
        const { code, package: packageName, 'capture-time': captureTime } = codeArguments(name, args);
        return evaluateLispText(await session.evaluate(code, packageName, { signal, captureTime, replyId }));
      }
      case 'time-execution': {
        const { code, package: packageName } = codeArguments(name, args);
        return timeExecutionText(await session.evaluate(code, packageName, { prepareForTiming: true, captureTime: true, signal }));
      }
      case 'configure-limits': {
        try {
          const limits = await session.configure((current) => requestedLimits(current, args));
          return { text: limitsText(limits), isError: false };
        } catch (error) {
          if (error instanceof ArgumentProblem) return refusal(error, `\nThe limits are unchanged.\n\n${limitsText(session.limits)}`);
          throw error;
        }
      }
      default:
        return undefined;
    }
  } catch (error) {
    if (error instanceof ArgumentProblem) return refusal(error);
    throw error;
  }
}
