#!/usr/bin/env node
// spec-run's command line: run documents (the default), list what would run,
// serve the runtime over MCP, execute a command configuration.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { runCommand } from './run-command.js';
import { parseSeconds } from './values.js';

const examples = `
Examples:
  spec-run                                   run every document under specs/
  spec-run ../shared/seed-specs --list       show the units each document yields, and the blocks not run
  spec-run specs/ --reporter tap > out.tap   TAP 14 on stdout (the default when stdout is not a terminal)
  spec-run specs/ --reporter junit > junit.xml   JUnit XML for GitLab and Jenkins
  GITHUB_ACTIONS=true spec-run specs/        also writes ::error annotations on stderr
  spec-run specs/ --grep timeout --bail      only units whose name or heading matches, stop at the first failure
  spec-run specs/ --tag timeout --level property
  spec-run specs/ --seed 1234                replay the random choices of an earlier run (its TAP prints the seed)
  spec-run specs/ --watch                    run again whatever document changes
  spec-run check specs/                      find problems without running: file:line:col messages
  spec-run serve                             the limited-evaluation runtime as an MCP server on stdio
  spec-run exec stop-hooks.yaml              run the commands of a stop-hook configuration

Exit status: 0 when every check passed, 1 when one failed, 2 for a usage error
(a directory given that holds no document is one). SIGINT, SIGTERM or SIGHUP stop
what runs; the exit status is then 130, 143 or 129.
A run always ends with the line "N passed, N failed, N skipped, N todo" on stderr,
followed by "(interrupted by SIGINT)" when it was.`;

function integer(name: string) {
  return (value: string) => {
    if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`${name} must be a non-negative integer, got '${value}'.`);
    return Number(value);
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

export function buildProgram(): Command {
  const program = new Command('spec-run')
    .description('Execute markdown verification documents and report one TAP test point per assertion.')
    .version('0.1.0')
    .showHelpAfterError('(run spec-run --help for usage)')
    .addHelpText('after', examples)
    // Before the commands are added: they copy these settings when created.
    .exitOverride();

  program
    .command('run', { isDefault: true })
    .description('run the documents found in the given files and directories (default: specs/)')
    .argument('[paths...]', 'markdown files, or directories searched recursively for *.md (links followed)')
    .addOption(new Option('--reporter <name>', 'tap, spec (terminal view), junit (XML) or json (the event stream); default: spec on a terminal, tap otherwise').choices(['tap', 'spec', 'junit', 'json']))
    .option('--list', 'list units, blocks not run and why, without running anything')
    .option('--grep <pattern>', 'run only units whose name or heading matches this regular expression')
    .option('--tag <tag>', 'run only documents carrying this frontmatter tag (repeatable)', collect)
    .option('--level <level>', 'run only documents of this frontmatter level (property, scenario, contract...)')
    .option('--bail', 'stop after the first failing check')
    .option('--timeout <duration>', 'time limit of one unit: seconds, or 30s, 5m, 1h (default 5m)', duration)
    .option('--seed <n>', 'seed of the random choices; printed in every report', integer('--seed'))
    .option('--runs <n>', 'number of runs of property-level tests', integer('--runs'))
    .option('--jobs <n>', 'documents run in parallel (default 1)', integer('--jobs'))
    .option('--strict', 'undefined steps fail instead of being TODO')
    .option('--watch', 'after the run, run again the documents that change (all of them when a shared helper changes)')
    .option('--config <file>', 'configuration file (default: spec-run.config.json, .yaml, or the "spec-run" key of package.json)')
    .action(async (paths: string[], options) => {
      process.exitCode = await runCommand(paths, options);
    });

  program
    .command('check')
    .description('validate documents without running them; prints file:line:col messages')
    .argument('[paths...]', 'markdown files, or directories searched recursively for *.md')
    .action(async (paths: string[]) => {
      const { checkCommand } = await import('./check-command.js');
      process.exitCode = await checkCommand(paths);
    });

  program
    .command('serve')
    .description('serve the limited-evaluation runtime (evaluate-lisp, configure-limits, time-execution) as an MCP server on stdio')
    .action(async () => {
      const [{ serveStdio }, { Interrupts }] = await Promise.all([import('../runtime/server.js'), import('../executor/interrupts.js')]);
      // SIGINT, SIGTERM, SIGHUP: the worker and the programs it started are stopped before exiting.
      const interrupts = new Interrupts();
      await serveStdio({ signal: interrupts.signal });
      interrupts.dispose();
      // Interrupted, the client may still hold stdin open: nothing more will be read from it.
      if (interrupts.exitStatus !== undefined) process.exit(interrupts.exitStatus);
    });

  program
    .command('exec')
    .description('run the commands of a stop-hook configuration (YAML with a stop: section) under their timeouts and limits')
    .argument('<config>', 'YAML file')
    .option('--log <file>', 'append a JSON line per timeout or memory-limit event to this file')
    .option('--project <dir>', 'mounted at /workspace in containers (default: the configuration file\'s directory)')
    .option('--image-alias <name=image>', 'run documents\' image name on a local image (repeatable)', collect)
    .action(async (config: string, options: { log?: string; project?: string; imageAlias?: string[] }) => {
      const { execCommand } = await import('../executor/cli.js');
      const argv = [config];
      if (options.log) argv.push('--log', options.log);
      if (options.project) argv.push('--project', options.project);
      for (const alias of options.imageAlias ?? []) argv.push('--image-alias', alias);
      process.exitCode = await execCommand(argv);
    });

  return program;
}

export async function main(argv: string[]): Promise<void> {
  try {
    await buildProgram().parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : 2;
      return;
    }
    console.error(`spec-run: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  }
}

await main(process.argv);
