// A command that never started: the executor could not run it (exit 125: its image not had,
// its container not started, its working directory missing), or the shell could not start it:
// not found (exit 127) or not executable (126). The interpreter runs a scenario's commands in a fresh directory of their own, not the project,
// so `./bin/tool` there is not found, and Thens about what the command did not do (no stack
// trace, no timeout, quick to finish) would all hold of a command that never ran. Such a run
// fails its When, saying where the command was looked for, unless the scenario states that
// outcome (a specification of what happens to a missing command).
import type { ScenarioUnit } from '../../../model/plan.js';
import type { RunRecord } from '../../../executor/record.js';

/** The shell's statuses for a command it could not start. */
const NOT_STARTED: Record<number, string> = { 127: 'not found', 126: 'found but not executable' };

/**
 * Words of a scenario that state a command is not started: its statuses, or words about the
 * command itself ("the command never ran"). Not "not found" or "does not exist" alone: those are as often about a file the
 * command reads, and the shell's own "not found" would then make such a Then hold of a command
 * that never ran.
 */
const STATES_NOT_STARTED = /\b12[5-7]\b|infrastructure|(?:could not|cannot|can ?not|can't) be (?:pulled|run|started|had)|command not found|not executable|cannot (?:be )?execut|(?:command|program|executable|binary|tool|image|container|workdir|working directory)\b[^.;]*\b(?:is not found|is not there|does not exist|is missing|is not on this machine|cannot be had|never (?:ran|runs|run|started|starts)|(?:was|is) not (?:run|started))/i;

/**
 * Words of a scenario that state what keeps the executor from running a command (exit 125): a
 * directory or an image said not to be there. Only for that exit: a file the command reads
 * said missing is no reason the shell could not start it.
 */
const STATES_NOT_RUNNABLE = /\bno such (?:directory|folder|image)\b|\bhas no (?:such )?(?:directory|folder|image)\b|(?:directory|folder|image)\b[^.;]*\b(?:is absent|does not exist|is missing|is not there|not on this machine)/i;

/** The variable holding the project's directory in the commands the interpreter runs on the host. */
export const PROJECT_DIR_ENV = 'SPEC_RUN_PROJECT_DIR';

/** Why the commands of RECORD that could not start fail the scenario UNIT; empty where none, or where UNIT states that outcome. */
export function commandsNotStarted(record: RunRecord, unit: ScenarioUnit): string[] {
  const shellFailed = record.commands.filter((command) => command.outcome === 'completed' && NOT_STARTED[command.exitCode] !== undefined);
  const executorFailed = record.commands.filter((command) => command.exitCause === 'infrastructure');
  const texts = [unit.name, unit.requirement, unit.condition ?? '', ...unit.steps.map((step) => step.text)];
  if (shellFailed.length + executorFailed.length === 0 || texts.some((text) => STATES_NOT_STARTED.test(text))) return [];
  const executorStated = texts.some((text) => STATES_NOT_RUNNABLE.test(text));
  const executorReasons = (executorStated ? [] : executorFailed).map(
    (command) =>
      `the command \`${command.run}\` was never run: the executor could not run it (exit ${command.exitCode}${command.error ? `: ${command.error}` : ''})${command.solutions?.length ? `. To fix: ${command.solutions.join('; ')}` : ''}. ` +
      'Where the scenario is about a command that cannot be run, say so in a THEN (the exit code is 125)',
  );
  return [...executorReasons, ...shellFailed.map(
    (command) =>
      `the command \`${command.run}\` could not be started${command.workdir ? ` in ${command.workdir}` : ''}: exit ${command.exitCode}, the shell's status for a command ${NOT_STARTED[command.exitCode]}. ` +
      `The executor interpreter runs a scenario's commands in a fresh directory of their own, holding only the files the scenario describes, not in your project: ` +
      (command.context === 'host' ? `a file of your project is "$${PROJECT_DIR_ENV}/bin/tool" there. ` : '') +
      'Where the scenario is about a missing command, say so in a THEN (the exit code is 127)',
  )];
}
