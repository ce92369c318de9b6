// The runtime's three tools: their input schemas (written out by hand, so the
// tools/list answer says exactly what is accepted) and their handlers.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { evaluationText, limitsText, timeExecutionText, type ToolText } from './format.js';
import type { Limits, RuntimeSession } from './session.js';

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
        timeout: { type: 'integer', minimum: 0, description: 'Seconds an evaluation may run; 0 disables the timeout (default 30).' },
        'max-output': { type: 'integer', minimum: 0, description: 'Characters of output kept per evaluation (default 100000).' },
      },
      additionalProperties: false,
    },
  },
  {
    name: 'time-execution',
    description:
      'Evaluate like evaluate-lisp and answer one JSON object: result, output, and timing measured inside Lisp ' +
      '(real-time-ms, run-time-ms, gc-time-ms, bytes-allocated, allocation-rate-mb-per-sec).',
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

function checkKnown(args: Arguments, tool: Tool): void {
  const known = Object.keys(tool.inputSchema.properties ?? {});
  for (const name of Object.keys(args)) {
    if (!known.includes(name)) {
      throw new ArgumentProblem(`Unknown argument "${name}" (value ${shown(args[name])}); ${tool.name} accepts: ${known.join(', ')}.`);
    }
  }
}

function text(args: Arguments, name: string, required: boolean): string | undefined {
  const value = args[name];
  if (value === undefined) {
    if (required) throw new ArgumentProblem(`Missing argument "${name}": a string of Lisp code is required.`);
    return undefined;
  }
  if (typeof value !== 'string') throw new ArgumentProblem(`Invalid argument "${name}": ${shown(value)} is not a string.`);
  return value;
}

function flag(args: Arguments, name: string): boolean {
  const value = args[name];
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new ArgumentProblem(`Invalid argument "${name}": ${shown(value)} is not true or false.`);
  return value;
}

function count(args: Arguments, name: string, unit: string): number | undefined {
  const value = args[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new ArgumentProblem(`Invalid argument "${name}": ${shown(value)} is not a whole number of ${unit}, 0 or more.`);
  }
  return value;
}

/** The new limits `args` ask for; throws ArgumentProblem before changing anything. */
export function requestedLimits(current: Limits, args: Arguments): Limits {
  checkKnown(args, TOOLS[1]);
  const timeout = count(args, 'timeout', 'seconds');
  const maxOutput = count(args, 'max-output', 'characters');
  return { timeoutSeconds: timeout ?? current.timeoutSeconds, maxOutput: maxOutput ?? current.maxOutput };
}

function refusal(problem: ArgumentProblem, extra = ''): ToolText {
  return { text: `${problem.message}${extra}`, isError: true };
}

/** Runs tool `name`; undefined when there is no such tool. */
export async function callTool(session: RuntimeSession, name: string, args: Arguments): Promise<ToolText | undefined> {
  switch (name) {
    case 'evaluate-lisp': {
      let code: string, packageName: string | undefined, captureTime: boolean;
      try {
        checkKnown(args, TOOLS[0]);
        code = text(args, 'code', true)!;
        packageName = text(args, 'package', false);
        captureTime = flag(args, 'capture-time');
      } catch (error) {
        if (error instanceof ArgumentProblem) return refusal(error);
        throw error;
      }
      return evaluationText(await session.evaluate(code, packageName), captureTime);
    }
    case 'time-execution': {
      let code: string, packageName: string | undefined;
      try {
        checkKnown(args, TOOLS[2]);
        code = text(args, 'code', true)!;
        packageName = text(args, 'package', false);
      } catch (error) {
        if (error instanceof ArgumentProblem) return refusal(error);
        throw error;
      }
      return timeExecutionText(await session.evaluate(code, packageName, { prepareForTiming: true }));
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
}
