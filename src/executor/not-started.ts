// A command the shell could not start says so in the shell's own words, on stderr, beside an
// exit status (127: not found; 126: found, not executable) that a program can also return
// for its own reasons. Only where both agree does the report name the program and say why,
// with the usual ways out, as it does for a missing workdir or image.
import type { CapturedOutput } from './output.js';

export interface NotStarted {
  /** The program as the shell named it. */
  program: string;
  /** What the shell found, in plain words. */
  problem: string;
  fixes: string[];
}

/**
 * The shell's line for a program it could not start, as dash, bash and busybox write it
 * ("sh: 1: tool: not found", "bash: line 1: tool: command not found", "sh: ./run: Permission
 * denied"): the program, and the shell's reason.
 */
const SHELL_LINE = /^(?:[^:\s]*sh|[^:]*\/[^:\s]*sh): (?:line )?(?:\d+: )?(.+?): (command not found|not found|Permission denied|cannot execute[^\n]*)$/;

/** The program the shell could not start in OUTPUT, given the command's EXIT code; null where output and status do not both say so. */
export function notStarted(exitCode: number, output: CapturedOutput, context: 'host' | 'docker'): NotStarted | null {
  if (exitCode !== 127 && exitCode !== 126) return null;
  for (const line of output.lines) {
    if (line.stream !== 'stderr') continue;
    const match = SHELL_LINE.exec(line.text);
    if (!match) continue;
    const [, program, reason] = match;
    const missing = /not found/.test(reason);
    if (missing !== (exitCode === 127)) continue;
    const where = context === 'docker' ? 'in the image' : 'on this machine';
    if (missing) {
      const path = program.includes('/');
      return {
        program,
        problem: path ? 'there is no such file where the command ran (exit 127: not found)' : `it is not installed ${where}, or not on the PATH the command ran with (exit 127: not found)`,
        fixes: path
          ? ['Check the path: a relative one is resolved against the directory the command ran in (`workdir:`)', "Give the file's absolute path"]
          : [`Install ${program} ${where}`, 'Give its absolute path in the command', 'Add its directory to PATH (`env:` in the configuration)'],
      };
    }
    return {
      program,
      problem: `it was found but could not be executed (exit 126: ${reason})`,
      fixes: [`Make it executable (chmod +x ${program})`, `Run it through its interpreter (sh ${program}, node ${program}, …)`],
    };
  }
  return null;
}

/** What the report and the log say of a program the shell could not start: "The shell could not start tool: it is not installed …". */
export function notStartedText(unstarted: NotStarted): string {
  return `The shell could not start ${unstarted.program}: ${unstarted.problem}`;
}
