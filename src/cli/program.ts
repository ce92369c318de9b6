// spec-run's command line: run documents (the default), list what would run,
// serve the runtime over MCP, execute a command configuration.
import { constants } from 'node:os';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { cucumberCounterpart } from './cucumber-options.js';
import { parseSeconds } from './values.js';
import { VERSION } from '../version.js';
import { parseReporterChoice, type ReporterChoice } from './reporter-choice.js';
import { DEFAULT_RECORD_PATH, DEFAULT_TIMINGS_PATH } from '../run/run-record.js';
import { parseShard, type Shard } from '../run/shard.js';
import { MAX_RETRIES } from '../model/plan.js';
import { endOnHeldSignal, releaseStartSignals } from './start-signals.js';
import { CONFIG_REFERENCE, EXEC_DESCRIPTION } from '../executor/config-reference.js';
import { setTimeout } from '../process/native-timers.js';
import { exitWithin } from '../process/bounded-exit.js';
import { endDespiteUnreadStdout } from '../process/unread-stdout.js';
import { probeLimitMs } from '../lsp/probe-limit.js';
import { holdFloorMs } from '../process/hold-floor.js';

/** The exit statuses of a run stopped by SIGINT, SIGTERM or SIGHUP. */
const INTERRUPTED_STATUSES = new Set((['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((signal) => 128 + constants.signals[signal]));

const examples = `
Examples:
  spec-run init                              scaffold a project: a configuration, two documents, a steps file, CI
  spec-run doctor                            check that this machine has what the documents need
  spec-run                                   run every document under specs/ (or the configured paths)
  spec-run specs/ --list                     show the units each document yields, and the blocks not run
  spec-run specs/ --reporter tap > out.tap   TAP 14 on stdout (the default when stdout is not a terminal)
  spec-run specs/ --reporter junit > junit.xml   JUnit XML for GitLab and Jenkins
  spec-run specs/ --reporter tap --reporter html:report.html --reporter junit:junit.xml
                                             TAP on stdout, an HTML page and JUnit XML beside it
  spec-run specs/ --require-verified         exit 1 unless every requirement is verified (or excluded)
  GITHUB_ACTIONS=true spec-run specs/        also writes ::error annotations on stderr
  spec-run specs/ --grep timeout --bail      only units whose name or heading matches, stop at the first failure
  spec-run specs/ --tag timeout --level property
  spec-run specs/ --seed 1234                replay the random choices of an earlier run (its TAP prints the seed)
  spec-run specs/ --watch                    run again whatever document changes
  spec-run specs/ --retries 2                run a failing unit up to twice more; passing then = flaky
  spec-run --only-failures                   rerun just the units that failed last time
  spec-run specs/ --shard 2/4 --reporter json > shard-2.jsonl   one job of a CI matrix
  spec-run merge shard-*.jsonl --reporter junit > junit.xml     the shards as one report
  spec-run check specs/                      find problems without running: file:line:col messages
  spec-run --steps steps.mjs doc.md          OpenSpec scenarios with these step definitions (default: found
                                             by convention: steps.*, *.steps.*, steps/** in the project, and in each
                                             document's directory and those above it up to the project directory)
  spec-run specs/ --no-strict                undefined and pending steps, and words a definition leaves
                                             unmatched, are TODO instead of failing the run
  spec-run stop-hooks.spec.md --executor-steps   the built-in executor steps bind this document too
  spec-run steps specs/ --steps steps.mjs    each definition, where it is used, and the unused ones
  spec-run serve                             the limited-evaluation runtime as an MCP server on stdio
  spec-run lsp --stdio                       the language server editors start (see README, "In your editor")
  spec-run exec stop-hooks.yaml              run the commands of a stop-hook configuration

Exit status: 0 when every check passed, 1 when one failed or a step was undefined, pending
or ambiguous (or, with --require-verified, a requirement is not verified; or no check
passed at all: each was skipped, TODO, a Given or When (only a Then checks), or a block
that only ran without error; or a Lisp
document or OpenSpec specification has nothing to run: its point says why), 2 for a
usage error (a path that does not exist, or markdown of which no file is a Lisp document
or an OpenSpec specification, is one; a file of neither that holds a Lisp, JSON or YAML
block fails instead, at that block: it looks meant to run). SIGINT, SIGTERM or SIGHUP stop what runs; the
exit status is then 130, 143 or 129.
A run always ends with the line "N passed, N failed, N skipped, N todo" on stderr,
followed by "(interrupted by SIGINT)" when it was; when the documents state
requirements, "requirements: N verified, N failing, N untested" comes just before it.`;

/** An integer of at least MIN (1 for --jobs: 0 would run nothing). */
function integer(name: string, min = 0, max = Number.MAX_SAFE_INTEGER) {
  return (value: string) => {
    if (!/^\d+$/.test(value) || Number(value) < min) throw new InvalidArgumentError(`${name} must be ${min === 0 ? 'a non-negative integer' : `an integer of at least ${min}`}, got '${value}'.`);
    // Past 2^53 a number is not kept exactly: a seed printed back would not replay the run.
    if (!Number.isSafeInteger(Number(value)) || Number(value) > max) throw new InvalidArgumentError(`${name} must be at most ${max}, got '${value}'.`);
    return Number(value);
  };
}

/** One tag, written as the frontmatter has it or as cucumber-js does (@smoke); a tag expression is refused, not read as a tag. */
function collectTag(value: string, previous: string[] = []): string[] {
  const tag = value.trim().replace(/^@/, '');
  if (tag === '' || /[\s()]/.test(tag)) throw new InvalidArgumentError(`--tag takes one tag, got '${value}': tag expressions (and, or, not) are not supported; repeat --tag to run the documents carrying any of several`);
  return [...previous, tag];
}

/** A filter given empty would select as if not given: refused. */
function nonEmpty(name: string) {
  return (value: string) => {
    if (value.trim() === '') throw new InvalidArgumentError(`${name} needs a value, got an empty one.`);
    return value;
  };
}

function duration(value: string): number {
  try {
    return parseSeconds(value) * 1000;
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/**
 * An option that takes one value, refused when given twice: commander keeps the last and
 * drops the first without a word, so `--change a --change b` ran change b alone and passed.
 * Options whose repeat may mean an override (`npm test -- --timeout 5m`) keep the last.
 */
function once(flag: string, instead: string, parse: (value: string) => string = (value) => value) {
  return (value: string, previous: string | undefined): string => {
    if (previous !== undefined) throw new InvalidArgumentError(`${flag} is given twice ('${previous}', then '${value}'): it takes one value; ${instead}.`);
    return parse(value);
  };
}

function snippetLanguage(value: string): 'js' | 'ts' {
  if (value !== 'js' && value !== 'ts') throw new InvalidArgumentError(`--language must be js or ts, got '${value}'.`);
  return value;
}

function collectReporter(value: string, previous: ReporterChoice[] = []): ReporterChoice[] {
  try {
    return [...previous, parseReporterChoice(value)];
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

function shard(value: string): Shard {
  try {
    return parseShard(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

/**
 * Ends a command that loaded steps files without running them (check, steps, snippets, --list) with
 * STATUS, once it has said all it found (stepsFileErrorsSettled): what their top level left
 * running (an interval, a server) must not hold the process after the summary.
 */
function endCommand(status: number): never {
  process.exitCode = status;
  process.exit();
}

export function buildProgram(): Command {
  const program = new Command('spec-run')
    .description('Execute markdown verification documents and report one TAP test point per assertion.')
    .version(VERSION)
    .showHelpAfterError('(run spec-run --help for usage)')
    .addHelpText('after', examples)
    // Before the commands are added: they copy these settings when created.
    .exitOverride()
    // Only a run and exec report a signal that arrived while spec-run started; the other commands end on it.
    .hook('preAction', (_program, command) => {
      // `exec` takes the held signal over itself, once it listens (execCommand).
      if (command.name() !== 'run' && command.name() !== 'exec') endOnHeldSignal();
      // A steps probe limit or a hold floor that is no duration is a usage error at once, not a crash later.
      probeLimitMs();
      holdFloorMs();
    });

  program
    .command('run', { isDefault: true })
    .description('run the documents found in the given files and directories (default: specs/)')
    .argument('[paths...]', 'markdown files (doc.md:LINE, or doc.md:LINE:LINE, runs the units at those lines, as cucumber-js), or directories searched recursively for *.md, *.markdown, *.mdown, *.mkd and *.mkdn (links followed)')
    .addOption(
      new Option(
        '--reporter <name[:file]>',
        'tap, spec (terminal view), junit (XML, a testcase per check), junit-units (a testcase per scenario or unit), json (the event stream) or html (a page); repeatable, each to its own file, at most one to stdout (default there: spec on a terminal, tap otherwise)',
      ).argParser(collectReporter),
    )
    .option('--require-verified', 'fail the run when a requirement is failing, untested or partly undefined (excluded ones aside)')
    .option('--list', 'list units, blocks not run and why, and what binds each OpenSpec step, without running anything')
    .option('--grep <pattern>', 'run only units whose name (as reports show it, "Requirement / Scenario"), or a heading above them, matches this regular expression, case-insensitive (one that selects none is a usage error, as are --tag and --level)', once('--grep', 'join alternatives in one pattern (a|b)'))
    .option('--tag <tag>', 'run only documents carrying this frontmatter tag (repeatable: any of them; @tag as cucumber-js writes it is the same tag)', collectTag)
    .option('--level <level>', 'run only documents of this frontmatter level, their level: else their type: (property, scenario, contract...)', once('--level', 'run once per level', nonEmpty('--level')))
    .option('--bail', 'stop at the first failing check: no further unit starts, and TAP ends with Bail out!')
    .option('--timeout <duration>', 'time limit of one unit: seconds, or 30s, 5m, 1h (default 5m)', duration)
    .option('--seed <n>', 'seed of the random choices it replays: Lisp\'s random, and Math.random and this.random() in OpenSpec step code; printed in every report', integer('--seed'))
    .option('--runs <n>', 'runs of each FiveAM test of a property document (frontmatter level: property or type: property), each with its own seed; at least 1 (a run with none says so)', integer('--runs', 1))
    .option('--jobs <n>', 'documents run in parallel, at least 1 (default 1); the scenarios of one document run one after another', integer('--jobs', 1))
    .option('--strict', 'undefined and pending steps, and words a definition leaves unmatched, fail the run (the default)')
    .option('--no-strict', 'undefined and pending steps, and words a definition leaves unmatched, are TODO and do not fail the run (a run where no check passed still fails: an interpreted Given or When is no check)')
    .option('--executor-steps', 'the built-in executor steps apply to every OpenSpec document (by default only to documents with stop-hook YAML blocks, or as configured)')
    .option('--no-borrow', "no Lisp document takes definitions from the other documents of its specification tree (as frontmatter borrow: false makes one refuse them): a check calling a name defined only in another document fails, saying so")
    .option('--retries <n>', `run a failing unit again up to n times (at most ${MAX_RETRIES}); one that then passes is reported passed and marked flaky`, integer('--retries', 0, MAX_RETRIES))
    .option('--only-failures', 'run only the units that failed in the last run (as recorded in the run record); with none recorded, nothing runs and the run is refused (exit 2): a document edited since a green run needs a run without it')
    .option('--last-run <file>', `the run record: failing units and document durations, written by every run (default ${DEFAULT_RECORD_PATH})`)
    .option('--shard <i/n>', 'run share i of n of the documents, balanced by the timings file (CI matrices; see spec-run merge)', shard)
    .option('--timings <file>', `documents' last durations, written by unsharded runs and merge, read by --shard (default ${DEFAULT_TIMINGS_PATH})`)
    .option('--steps <glob>', 'step definition files for OpenSpec scenarios: .js, .mjs or .ts (repeatable; default: found by convention)', collect)
    .option('--dry-run', 'run nothing: bind every scenario step to its definition, and report every unit as not run (# SKIP dry run); exit 1 on undefined steps or documents that cannot be read')
    .option('--change <name>', 'OpenSpec: run each capability the change touches as it will be after it, its deltas applied to openspec/specs (give the openspec/ directory as the path); one change a run', once('--change', 'run spec-run once per change'))
    .option('--watch', 'after the run, run again the documents that change (all of them when a steps file or another shared helper changes); a change of the configuration starts the watch again with it, its runtime server, vocabulary and other settings new; every run again loads the steps files anew, with the project modules they import, ES, CommonJS or TypeScript; an imported module changing alone starts no run; with --change, every run is the change applied to the capabilities the saved file affects; the report files and the summary hold every watched document\'s latest result, rerun or not, naming on stderr those still failing from an earlier run; a save of what a run is running (the first run too) cancels it (its units skipped as interrupted by the save), and the new save runs at once, with the documents the cancelled run had not finished; a save a fresh run would refuse (a change that no longer applies) removes the report files until a run runs again; Ctrl-C (or SIGTERM, SIGHUP) ends it at once, a run or a runtime server\'s start under way included, with the summary line and the signal\'s exit status')
    .option('--config <file>', 'configuration file (default: spec-run.config.json, .yaml, or the "spec-run" key of package.json, in the working directory or the nearest directory above it up to the repository\'s root)')
    .action(async (paths: string[], options) => {
      // Loaded only for a run: `serve`, started per session by MCP clients, must not pay for it.
      const [{ runCommand, printedSummary, runFailedAfterReport }, { childrenEnded }, { markStartedProcesses, stopLeftChildren }, { keepVerdict }] = await Promise.all([
        import('./run-command.js'),
        import('../process/child.js'),
        import('../process/left-children.js'),
        import('../process/verdict.js'),
      ]);
      // Before any steps file loads: what step code starts carries the mark, even after it leaves spec-run's processes (setsid).
      markStartedProcesses();
      const status = await runCommand(paths, options);
      // --list loads steps files without running them, as check does: it ends once it has said all it found.
      if (options.list) endCommand(status);
      // Programs step code started and left are stopped and named, once, whenever the process ends from here on.
      let leftChildrenStopped = false;
      const reportLeftChildren = (): boolean => {
        if (leftChildrenStopped) return false;
        leftChildrenStopped = true;
        const stopped = stopLeftChildren();
        if (stopped) console.error(`spec-run: ${stopped}`);
        return stopped !== null;
      };
      process.once('exit', () => {
        // The summary stays the last line.
        const summary = printedSummary();
        if (reportLeftChildren() && summary) console.error(summary);
        // The verdict is the run's: an 'exit' listener of step code (or of the code it loads)
        // setting process.exitCode = 0 ran before this one and must not turn a failure green.
        const verdict = status !== 0 ? status : runFailedAfterReport() ? 1 : 0;
        if (verdict !== 0) process.exitCode = verdict;
      });
      // A listener that calls process.exit(0) (or Node's reallyExit) ends the process before the one above runs.
      keepVerdict(status);
      // An error user code threw after the report may have failed the run already (run-command.ts).
      process.exitCode = status === 0 ? (process.exitCode ?? 0) : status;
      // The run is reported and spec-run's own work is closed, save processes still being
      // stopped (an interrupted step's container): once they have ended, what still holds the
      // event loop (a server or timer a step definition left) must not keep the process, CI's job, alive.
      setTimeout(() => {
        void childrenEnded().then(() => {
          // When the last of them has just ended, the process ends by itself: give it the chance first.
          setTimeout(() => {
            reportLeftChildren();
            // An interrupted run cut its steps short: what they were waiting for (a timer, a socket) is theirs to leave, not a leak to report.
            if (INTERRUPTED_STATUSES.has(status)) process.exit();
            const holding = process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap');
            console.error(`spec-run: something still runs after the report (a server or timer a step definition left?${holding.length ? `: ${holding.join(', ')}` : ''}); exiting`);
            // The summary stays the last line.
            const summary = printedSummary();
            if (summary) console.error(summary);
            exitWithin(summary);
          }, 500).unref();
        });
      }, 1000).unref();
    });

  program
    .command('init')
    .description('scaffold a project that passes at once: a configuration, a Lisp and an OpenSpec document, a steps file, a CI workflow; never overwrites a file')
    .action(async () => {
      const { initCommand } = await import('./init-command.js');
      process.exitCode = await initCommand();
    });

  program
    .command('doctor')
    .description('check what the documents given (default: the configured paths, else specs/) need: Node, SBCL, FiveAM, bordeaux-threads, a Docker engine, the cache directory, the tools they ask a configured runtime server for (those the vocabulary senders call too); exit 1 when something they need is missing')
    .argument('[paths...]', 'markdown files, or directories searched recursively for *.md, *.markdown, *.mdown, *.mkd and *.mkdn')
    .option('--config <file>', 'configuration file')
    .action(async (paths: string[], options: { config?: string }) => {
      const { doctorCommand } = await import('./doctor-command.js');
      process.exitCode = await doctorCommand(paths, options);
    });

  program
    .command('merge')
    .description('merge the JSON event streams of shards (--reporter json) into one report, with the counts of an unsharded run; shards narrowed differently (--grep, --only-failures, file:LINE...) are refused')
    .argument('<files...>', 'JSON event streams, one per shard')
    .addOption(new Option('--reporter <name[:file]>', 'as for a run: tap, spec, junit, junit-units, json or html; repeatable, each to its own file, at most one to stdout (default there: spec on a terminal, tap otherwise)').argParser(collectReporter))
    .option('--last-run <file>', `also write the merged run record here (default ${DEFAULT_RECORD_PATH})`)
    .option('--timings <file>', `and update the timings the next --shard splits by (default ${DEFAULT_TIMINGS_PATH})`)
    .option('--require-verified', 'exit 1 unless every requirement of the merged run is verified (or excluded), as a run with it does')
    .option('--config <file>', 'configuration file whose reporter, requireVerified, lastRun and timings apply, as to a run (default: found as a run finds it)')
    .action(async (files: string[], options: { reporter?: ReporterChoice[]; lastRun?: string; timings?: string; requireVerified?: boolean; config?: string }) => {
      const { mergeCommand } = await import('./merge-command.js');
      process.exitCode = await mergeCommand(files, options);
    });

  program
    .command('check')
    .description('validate documents without running them; prints file:line:col messages')
    .argument('[paths...]', 'markdown files, or directories searched recursively for *.md, *.markdown, *.mdown, *.mkd and *.mkdn')
    .option('--steps <glob>', 'step definition files whose steps count as defined (repeatable)', collect)
    .option('--executor-steps', 'the built-in executor steps apply to every OpenSpec document')
    .option('--strict', 'an undefined step, or words its definition leaves unmatched, is an error, as it fails a run (the default, or the configuration\'s strict)')
    .option('--no-strict', 'an undefined step, or words its definition leaves unmatched, is a warning, as a run with --no-strict leaves it TODO')
    .option('--no-borrow', 'as a run with --no-borrow: no Lisp document takes definitions from the other documents of its specification tree')
    .option('--config <file>', 'configuration file: its paths, steps, executorSteps and strict, as a run reads them')
    .action(async (paths: string[], options: { steps?: string[]; executorSteps?: boolean; config?: string; strict?: boolean; borrow?: boolean }) => {
      const { checkCommand } = await import('./check-command.js');
      endCommand(await checkCommand(paths, options));
    });

  program
    .command('steps')
    .description('list the step definitions (yours, and the built-in ones where they apply), where each is used, and which are unused')
    .argument('[paths...]', 'documents whose steps are matched (default: specs/); a missing path or a directory without one exits 2')
    .option('--steps <glob>', 'step definition files (repeatable)', collect)
    .option('--executor-steps', 'the built-in executor steps apply to every OpenSpec document')
    .option('--config <file>', 'configuration file')
    .action(async (paths: string[], options: { steps?: string[]; config?: string; executorSteps?: boolean }) => {
      const { stepsCommand } = await import('./steps-command.js');
      endCommand(await stepsCommand(paths, options));
    });

  program
    .command('snippets')
    .description('print one steps file with a snippet per distinct undefined step: spec-run snippets specs/ > steps/todo.steps.mjs')
    .argument('[paths...]', 'documents whose undefined steps get snippets (default: specs/)')
    .option('--steps <glob>', 'step definition files already written (repeatable; default: found by convention)', collect)
    .option('--executor-steps', 'the built-in executor steps apply to every OpenSpec document')
    .option('--config <file>', 'configuration file')
    .option('--language <js|ts>', "the snippets' language (default: the extension of the file stdout is redirected to, else TypeScript where the project's steps are, else JavaScript)", snippetLanguage)
    .action(async (paths: string[], options: { steps?: string[]; config?: string; executorSteps?: boolean; language?: 'js' | 'ts' }) => {
      const { snippetsCommand } = await import('./snippets-command.js');
      endCommand(await snippetsCommand(paths, options));
    });

  program
    .command('serve')
    .description('serve the limited-evaluation runtime (evaluate-lisp, configure-limits, time-execution) as an MCP server on stdio')
    .action(async () => {
      const { serveCommand } = await import('./serve-command.js');
      await serveCommand();
    });

  program
    .command('lsp')
    .description('the language server of verification documents (diagnostics, completion, definitions, hover, outline, run lenses, quick fixes) for editors, on stdio')
    .option('--stdio', 'speak the Language Server Protocol on stdin and stdout (the only transport, and the default)')
    .action(async () => {
      const { lspCommand } = await import('./lsp-command.js');
      lspCommand();
    });

  program
    .command('exec')
    .description('run the commands of a stop-hook configuration (YAML with a stop: section) under their timeouts and limits')
    .argument('<config>', 'YAML file')
    // Its mistakes point to its own help, as the errors of its own checks do (execCommand): the program's is the run's.
    .showHelpAfterError('(run spec-run exec --help for usage)')
    .option('--log <file>', 'append a JSON line per timeout, memory-limit, interrupted or fail-fast event to this file (a relative path is from the current directory; no event, no file; a place no file can be appended to, a directory or a path under a file, is refused before anything runs; a write that fails later is said on stderr, and the commands go on)')
    .option('--log-failures', 'with --log: a line too for each command that failed or could not run, and for output cut at the 1 MiB cap')
    .option('--project <dir>', 'the project: host commands run in it (or in their workdir:, which a note names when it lies outside the project), containers mount it at /workspace (default: the configuration file\'s directory); one that is not a directory is refused before anything runs')
    .option('--image-alias <name=image>', 'run documents\' image name on a local image (repeatable)', collect)
    .option('--config-dir-env <name>', 'variable carrying the configuration file\'s directory to every command, in a container as its path under /workspace (default SPEC_RUN_CONFIG_DIR)')
    .addHelpText('after', `\n${EXEC_DESCRIPTION}\n\n${CONFIG_REFERENCE}`)
    .action(async (config: string, options: { log?: string; logFailures?: boolean; project?: string; imageAlias?: string[]; configDirEnv?: string }) => {
      const { execCommand } = await import('../executor/cli.js');
      const argv = [config];
      // Given empty, an option is passed on as given, for execCommand to refuse: dropped, `--log ""` logged nothing, silently.
      if (options.log !== undefined) argv.push('--log', options.log);
      if (options.logFailures) argv.push('--log-failures');
      if (options.project !== undefined) argv.push('--project', options.project);
      for (const alias of options.imageAlias ?? []) argv.push('--image-alias', alias);
      if (options.configDirEnv) argv.push('--config-dir-env', options.configDirEnv);
      const status = await execCommand(argv, releaseStartSignals);
      process.exitCode = status;
      if (INTERRUPTED_STATUSES.has(status)) endDespiteUnreadStdout(status);
    });

  return program;
}

export async function main(argv: string[]): Promise<void> {
  // A reader that goes away (`spec-run --help | head -1`) ends what spec-run prints, not
  // spec-run with an unhandled EPIPE and its stack.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    endOnHeldSignal();
  } catch (error) {
    endOnHeldSignal();
    if (error instanceof CommanderError) {
      const flag = error.code === 'commander.unknownOption' ? /'([^']+)'/.exec(error.message)?.[1] : undefined;
      const counterpart = flag === undefined ? undefined : cucumberCounterpart(flag);
      if (counterpart) console.error(`spec-run: ${counterpart}`);
      process.exitCode = error.exitCode === 0 ? 0 : 2;
      if (error.exitCode !== 0) await removeReportsOfRefusedRun(program, argv.slice(2));
      return;
    }
    console.error(`spec-run: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  }
}

/**
 * A run whose options commander refused (`--timeout 0`, `--jobs 0`) is refused before it
 * starts, as one refused later is: the reports an earlier run left where it would have
 * written are removed, so a CI step that uploads them does not upload the earlier run's.
 */
async function removeReportsOfRefusedRun(program: Command, args: string[]): Promise<void> {
  const first = args.find((arg) => !arg.startsWith('-'));
  if (first !== undefined && first !== 'run' && program.commands.some((command) => command.name() === first)) return;
  const valuesOf = (flag: string) => args.flatMap((arg, i) => (arg === flag && i + 1 < args.length ? [args[i + 1]] : arg.startsWith(`${flag}=`) ? [arg.slice(flag.length + 1)] : []));
  const reporter = valuesOf('--reporter').flatMap((value) => {
    try {
      return [parseReporterChoice(value)];
    } catch {
      return [];
    }
  });
  const { removeEarlierReports } = await import('./run-command.js');
  removeEarlierReports({ ...(reporter.length ? { reporter } : {}), config: valuesOf('--config').at(-1) });
}
