// What a scenario's Then steps are checked against: the record of the executor's run
// of the scenario's configuration (its YAML block, changed by what its When says), the
// factor its durations were scaled by (a scenario about five minutes runs in seconds,
// timeouts and sleeps alike, and says so), and the same configuration run in the other
// context for facts about host and Docker alike.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isMap, isSeq, parseDocument, stringify } from 'yaml';
import { QUIET_YAML } from '../../../parse/yaml-options.js';
import { loadConfig, resolveTimeout, type ResolvedTimeout, type StopConfig, type ConfigError, type TimeoutSetting } from '../../../executor/config.js';
import { formatDuration, parseDuration } from '../../../executor/duration.js';
import { endInterrupted, recordFile, recordRun, type RunRecord } from '../../../executor/record.js';
import { cliRecord, logPlaceRefused } from './command-line-refused.js';
import type { ExecEvent } from '../../../executor/events.js';
import type { BlockPlace } from '../../../parse/block-place.js';
import { showDuration } from './lexicon.js';
import { emptySetup, mergedSetup, type Invocation, type Setup } from './when.js';
import { showMoment, type InterruptMoment } from './interrupt-moment.js';
import { PROJECT_DIR_ENV } from './not-started.js';
import { fromNamed, placesIn, startNamed } from './named-directories.js';
import { NOTHING_STATED } from '../vocabulary/subject.js';

/** Image of a container command when the scenario names none (mapped by the project's `images:` where it reaches no registry). */
export const DEFAULT_IMAGE = 'alpine';
/** Scenarios whose commands would run longer than this are scaled down to SCALED_HORIZON_MS. */
const LONGEST_REAL_MS = 12_000;
const SCALED_HORIZON_MS = 3000;
/** How long a stand-in for "runs past its timeout" sleeps, as a multiple of the timeout. */
const OUTLIVE = 4;
/** A stand-in for "runs indefinitely" where no timeout stops it, scaled like the rest. */
const LONG_WITHOUT_TIMEOUT_MS = 3000;

export interface Observation {
  record: RunRecord;
  /** Probed duration = documented duration × scale. */
  scale: number;
  /** Each command's timeout as documented (before scaling). */
  documented: ResolvedTimeout[];
  /** Each command's run as documented (before scaling). */
  runs: string[];
  /** Commands whose run the interpreter wrote (numbered lines: "stdout line 3"). */
  synthesized: boolean[];
  /** The same configuration with each command in the other context (host ↔ container). */
  other(): Promise<RunRecord>;
  /** The same configuration run again in a fresh directory, as CHANGE says (another run there before it, other options): what a Then says of another run than the scenario's. */
  rerun(change: Rerun): Promise<Observation>;
  /** Of a rerun after earlier ones in its directory: the --log file as each earlier run left it, in order. */
  logBefore?: LogFile[];
  /** How the run was made, for the reader. */
  notes: string[];
  /** Where the configuration stands in the document, where it is the scenario's YAML block as written. */
  configAt?: BlockPlace;
  /** The texts the Then before quoted, in order (what "it is followed by `…`" follows). */
  before?: readonly string[];
  /** The file `--log` named, as the run left it (lines null: never created). */
  log?: LogFile;
  /** The files and directories in the run's directory (and the project's) after the run, by relative path. */
  files: string[];
  /** The directories among them; the files and directories under the project alone, and its directories (by path relative to it). */
  directories?: string[];
  projectFiles?: string[];
  projectDirectories?: string[];
  /** The text of each small file under the project after the run (at most TEXT_KEPT bytes), by path relative to it: what a Then says a file there contains. */
  projectTexts?: Record<string, string>;
  /** How long spec-run exec went on after the interrupt a When sent it, to its end (unscaled ms); undefined when none was sent. */
  afterSignalMs?: number;
  /**
   * The run's project directory and its configuration file's directory, absolute, in the scenario's names (as the record
   * says them); START, the directory spec-run exec was started in, where the scenario's relative paths are.
   */
  places?: { project: string; configDir: string; start?: string };
  /** The configuration file's name as spec-run exec was given it, which its refusals print. */
  configName?: string;
}

/** The files and directories under DIR, by path relative to it (a scenario's directory: a few). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => name.split(path.sep).join('/'));
}

/** The largest file whose text a run keeps for a Then to read. */
const TEXT_KEPT = 64 * 1024;

/** The text of each regular file under DIR no larger than TEXT_KEPT, by path relative to it. */
function textsUnder(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  const texts: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    try {
      if (statSync(full).size <= TEXT_KEPT) texts[path.relative(dir, full).split(path.sep).join('/')] = readFileSync(full, 'utf8');
    } catch {
      // A file the run's container left unreadable: no text kept.
    }
  }
  return texts;
}

/** The directories under DIR, by path relative to it. */
function directoriesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/**
 * The run's entries (ENTRIES) said under the name the scenario gives the directory spec-run exec starts in (NAME: "in a fresh
 * `lab/typos/`") as well as from it: a Then may say `lab/typos/ran.txt` or `ran.txt` of the same file. PROJECT: the project's
 * path from that directory, under which the project's own entries are.
 */
function underStartName<T extends { files: string[]; directories: string[]; projectFiles: string[]; projectDirectories: string[]; projectTexts: Record<string, string> }>(entries: T, name: string, project: string): T {
  const fromStart = (entry: string) => path.posix.join(name, entry);
  const fromProject = (entry: string) => path.posix.join(name, project.split(path.sep).join('/'), entry);
  // The named directory itself and those above it are there too (`lab`, `lab/typos`).
  const itself = name.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));
  return {
    ...entries,
    files: [...entries.files, ...itself, ...entries.files.map(fromStart)],
    directories: [...entries.directories, ...itself, ...entries.directories.map(fromStart)],
    projectFiles: [...entries.projectFiles, ...entries.projectFiles.map(fromProject)],
    projectDirectories: [...entries.projectDirectories, ...entries.projectDirectories.map(fromProject)],
    projectTexts: { ...entries.projectTexts, ...Object.fromEntries(Object.entries(entries.projectTexts).map(([entry, text]) => [fromProject(entry), text])) },
  };
}

/** Another run of a scenario's configuration: the runs made in a row in its directory (a log each appends to), spec-run exec's options changed as given. */
export interface Rerun {
  times: number;
  invocation?: Partial<Invocation>;
}

export interface LogFile {
  name: string;
  lines: string[] | null;
}

/**
 * The run's texts in the scenario's own names for its directories: where the scenario names a project or a
 * configuration file by an absolute path of another machine (`--project /srv/data`, `spec-run exec /srv/etl/x.yaml`),
 * a fresh directory stands for it, and every path the run printed, reported or logged under that directory is said
 * under the name the scenario gave it. So a Then about `/srv/data` compares against the directory the run really used
 * (a command that printed the configuration's directory where the project's was meant still fails), never the
 * literal path of a machine the run did not touch. STAND_INS: [the directory used, the name it stands for].
 */
function inNamedPlaces<T>(value: T, standIns: readonly (readonly [string, string])[]): T {
  if (typeof value === 'string') return standIns.reduce((text, [used, named]) => text.split(used).join(named), value as string) as T;
  if (Array.isArray(value)) return value.map((item) => inNamedPlaces(item, standIns)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inNamedPlaces(item, standIns)])) as T;
  }
  return value;
}

/**
 * Makes the files a When says a directory holds: the project's (`--project DIR`, or "the project directory"), or a
 * directory the scenario named by its path from where spec-run exec starts (START), under a name the run gave one
 * (NAMED: "`proj` holds `sub/`" where the configuration lives in `proj`).
 */
function placeFiles(files: NonNullable<Setup['files']>, project: string, projectNamed: string | undefined, start: string, named: readonly string[]): void {
  for (const file of files) {
    const isProject = file.dir === 'project' || (projectNamed !== undefined && path.resolve('/', file.dir) === path.resolve('/', projectNamed));
    // '.': the directory it starts in itself, which the scenario said holds the entry.
    const fromStart = !isProject && !path.isAbsolute(file.dir) && !file.dir.split('/').includes('..') && (file.dir === '.' || fromNamed(file.dir, named));
    if (!isProject && !fromStart) throw new Error(`the scenario says ${file.dir} holds ${file.name}, but ${file.dir} is not the project directory it runs with: the interpreter makes only the project's files`);
    const target = path.join(isProject ? project : path.join(start, file.dir), file.name);
    // Made as a checkout has them, readable by others whatever the umask (the run's container may run as another user).
    if (file.directory) mkdirSync(target, { recursive: true, mode: 0o755 });
    else {
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
      // A file said to contain a text holds it as a line of its own.
      writeFileSync(target, file.content === undefined ? '' : `${file.content}\n`);
      chmodSync(target, 0o644);
    }
  }
  mkdirSync(project, { recursive: true, mode: 0o755 });
}

/**
 * The interrupt a When sends spec-run exec (INTERRUPT, its time scaled as the run's
 * durations are): its signal aborts the run, as spec-run exec's own handler does, at its
 * time from the run's start or from the announcement of the command it is said after; or,
 * said by what a command is doing (interrupt-moment.ts), inside that command's first sleep,
 * timed from the command's own start. COMMANDS: the configuration as written; PROBE: as run.
 */
function scheduledInterrupt(interrupt: NonNullable<Setup['interrupt']>, scale: number, outer: AbortSignal | undefined, commands: StopConfig['commands'], probe: StopConfig['commands']) {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let sentAt: number | undefined;
  const moment = interrupt.during && momentCommand(interrupt.during, commands);
  const delay = interrupt.atMs !== undefined ? interrupt.atMs * scale : momentDelay(interrupt.during!, probe[moment!]);
  const arm = () => (timer ??= setTimeout(() => ((sentAt = performance.now()), controller.abort(interrupt.signal)), delay));
  if (interrupt.afterCommand === undefined && interrupt.atMs !== undefined) arm();
  return {
    signal: outer ? AbortSignal.any([outer, controller.signal]) : controller.signal,
    write: (text: string) => {
      if (interrupt.afterCommand !== undefined && text.startsWith(`[${interrupt.afterCommand + 1}/`)) arm();
    },
    onEvent: (index: number, event: ExecEvent) => {
      if (interrupt.atMs === undefined && index === moment && event.type === 'start') arm();
    },
    sent: () => controller.signal.aborted,
    /** When the signal was sent (performance.now()), if it was. */
    sentAt: () => sentAt,
    /** Throws where the run is not the one the When's moment describes: that command was not the one the signal stopped. */
    check: (record: RunRecord) => {
      if (!interrupt.during || moment === undefined) return;
      const command = record.commands[moment];
      const printed = interrupt.during.printed;
      const why = !command
        ? `command ${moment + 1} had not started`
        : command.outcome !== 'interrupted'
          ? `command ${moment + 1} ended ${command.outcome} before it`
          : printed !== undefined && !command.lines.some((line) => line.text.includes(printed))
            ? `command ${moment + 1} had not printed "${printed}"`
            : null;
      if (why !== null) throw new Error(`the run is not the one the scenario describes: its signal was to come ${showMoment(interrupt.during)}, but when it came ${why}`);
    },
    dispose: () => clearTimeout(timer),
  };
}

/** The place of the command a moment names among COMMANDS; throws where it names none, or not one. */
function momentCommand(moment: InterruptMoment, commands: StopConfig['commands']): number {
  const c = moment.command;
  const printing = (run: string) => moment.printed !== undefined && run.split(/\bsleep\s/)[0].includes(moment.printed);
  const found =
    'place' in c
      ? c.place < commands.length && (c.among === undefined || c.among === commands.length) ? [c.place] : []
      : 'run' in c
        ? commands.flatMap((command, i) => (command.run.trim() === c.run.trim() ? [i] : []))
        : commands.length === 1 ? [0] : commands.flatMap((command, i) => (printing(command.run) ? [i] : []));
  if (found.length !== 1) throw new Error(`the scenario's signal comes ${showMoment(moment)}, and the configuration has ${found.length === 0 ? 'no such command' : 'several such commands'} (${commands.length} in all)`);
  return found[0];
}

/**
 * How long after its start COMMAND (as run) is inside its first sleep: halfway into it, and at most a second in, where
 * what comes before the sleep prints at once. Throws where the sleep is not there, or a text said printed before the
 * signal does not come before it.
 */
function momentDelay(moment: InterruptMoment, command: StopConfig['commands'][number]): number {
  const sleep = /\bsleep\s+(\d+(?:\.\d+)?)([smh]?)\b/.exec(command.run);
  const before = sleep ? command.run.slice(0, sleep.index) : command.run;
  if (!sleep && moment.sleeping) throw new Error(`the scenario's signal comes ${showMoment(moment)}, and the command \`${command.run}\` has no sleep`);
  if (moment.printed !== undefined && !before.includes(moment.printed)) throw new Error(`the scenario's signal comes ${showMoment(moment)}, and the command \`${command.run}\` does not print it before it sleeps`);
  if (!sleep) return MOMENT_MS;
  const ms = Number(sleep[1]) * ({ '': 1000, s: 1000, m: 60_000, h: 3_600_000 }[sleep[2]] ?? 1000);
  return Math.min(MOMENT_MS, ms / 2);
}

/** How far into a command's first sleep an interrupt said by what the command does comes, at most. */
const MOMENT_MS = 1000;

export interface ObserveOptions {
  imageAliases?: Record<string, string>;
  signal?: AbortSignal;
  /** The variable carrying the configuration's directory, when the scenario names one. */
  configDirEnv?: string;
  /** The configuration file's name, when the scenario names one. */
  configName?: string;
  /** The project spec-run runs in, which host commands find in $SPEC_RUN_PROJECT_DIR: they run in a fresh directory of their own. */
  projectDir?: string;
  /** The scenario says its configuration is refused (translate/refused-block.ts, statesRefusal): a block whose top key is not `stop:` is the file as written. */
  refusalStated?: boolean;
}

/** The shell text of a command the scenario describes but does not quote. */
export function synthesize(setup: Setup, timeoutMs: number | null): string {
  const parts: string[] = [];
  if (setup.ignoresTerm) parts.push("trap '' TERM");
  if (setup.handlesTerm) parts.push("trap 'echo caught SIGTERM; exit 0' TERM");
  for (const { stream, text } of setup.says) parts.push(`echo '${text}'${stream === 'stderr' ? ' >&2' : ''}`);
  for (const { stream, n } of setup.prints) parts.push(`i=1; while [ $i -le ${n} ]; do echo "${stream} line $i"${stream === 'stderr' ? ' >&2' : ''}; i=$((i+1)); done`);
  const sleepMs = setup.sleepMs === 'long' ? (timeoutMs === null ? LONG_WITHOUT_TIMEOUT_MS : timeoutMs * OUTLIVE) : setup.sleepMs;
  // A trap runs once the foreground command ends: sleep in the background and wait for it, so SIGTERM is handled at once.
  if (sleepMs !== undefined) parts.push(setup.ignoresTerm || setup.handlesTerm ? `sleep ${sleepMs / 1000} & wait; sleep ${sleepMs / 1000}` : `sleep ${sleepMs / 1000}`);
  if (setup.exitCode !== undefined) parts.push(`exit ${setup.exitCode}`);
  return parts.length > 0 ? parts.join('; ') : 'true';
}

function timeoutSetting(ms: number | null | undefined): TimeoutSetting | undefined {
  if (ms === undefined) return undefined;
  return ms === null ? { kind: 'none' } : { kind: 'limit', ms, text: limitText(ms) };
}

/** A limit as the executor writes it ("2s", "150m"); a fraction of a second as a reader does ("1.5s"). */
function limitText(ms: number): string {
  return ms % 1000 === 0 ? formatDuration(ms) : showDuration(ms).replace(' ', '');
}

/** The scenario's configuration: its YAML block, or the commands the When describes; then what the When sets. */
export function configure(yaml: { text: string; line: number } | null, setup: Setup, refusalStated = false): { config: StopConfig; errors: ConfigError[]; synthesized: boolean[]; text: string } {
  // "top key is `stops:`", in a scenario that says the configuration is refused: the block is the file spec-run exec reads, as
  // written, and refuses with its own errors (no `stop:` section, an unknown key); nothing the When says is written into it.
  if (yaml !== null && refusalStated && !/^stop:/m.test(yaml.text) && statesNothing(null, setup)) {
    const loaded = loadConfig(yaml.text);
    return { config: loaded.config, errors: loaded.errors, synthesized: loaded.config.commands.map(() => false), text: yaml.text };
  }
  const fields = { ...setup.fields, ...(setup.image ? { image: setup.image } : {}) };
  const fromYaml = yaml !== null && /^stop:/m.test(yaml.text);
  const placed = setup.byCommand ?? [];
  // What is said of no command in particular: in a block, every command's; without one, the first command's (the one a When describes).
  const setupOf = (index: number): Setup => (fromYaml || index === 0 ? mergedSetup(setup, placed[index]) : (placed[index] ?? emptySetup()));
  // The block is the configuration file, with what the When says written into it: the executor's loader judges both, and its errors give lines in it, as `spec-run exec` on that file would.
  const text = fromYaml
    ? withPlaced(withSettings(yaml.text, fields, setup.defaultTimeout), placed)
    : stringify({ stop: { ...(setup.defaultTimeout !== undefined ? { defaultTimeout: setup.defaultTimeout } : {}), ...(setup.failFast !== undefined ? { failFast: setup.failFast } : {}), commands: setup.noCommands ? [] : Array.from({ length: Math.max(1, placed.length) }, (_, index) => entryOf(setupOf(index))) } });
  if (fromYaml) {
    const conflicts = blockConflicts(yaml.text, setupOf, setup);
    if (conflicts.length > 0) throw new Error(`the When and the scenario's YAML block (line ${yaml.line}) say different things of the command: ${conflicts.join('; ')}. Which one does the scenario mean? Say it once: in the block, or in the When`);
  }
  const loaded = loadConfig(text);
  const config = loaded.config;
  // Durations the When states in prose are the reader's, not a file's text (1.5 s is one): set as read.
  const defaultTimeout = timeoutSetting(setup.defaultTimeoutMs);
  if (defaultTimeout) config.defaultTimeout = defaultTimeout;
  const synthesized: boolean[] = [];
  config.commands = config.commands.map((command) => {
    const said = setupOf(command.index);
    const own = timeoutSetting(said.timeoutMs);
    const changed = { ...command, ...(own ? { timeout: own } : {}), ...(said.omitTimeout ? { timeout: { kind: 'inherit' as const } } : {}) };
    synthesized.push(command.run === SYNTHESIZED && said.run === undefined);
    if (command.run === SYNTHESIZED) changed.run = synthesize(said, resolveTimeout(config, changed).ms);
    else if (fromYaml && said.run) changed.run = said.run;
    return changed;
  });
  return { config, errors: loaded.errors, synthesized, text };
}

/**
 * Where what the When says of a command contradicts what the YAML block sets for it: another
 * command line, the host where the block gives an image (or a container where it gives none, or
 * another image), another timeout, another value of a field. The block is the configuration the scenario shows;
 * a run of anything else would check a configuration nobody wrote.
 */
export function blockConflicts(text: string, setupOf: (index: number) => Setup, defaults: Pick<Setup, 'defaultTimeout' | 'defaultTimeoutMs'> = {}): string[] {
  const stop = (parseDocument(text, QUIET_YAML).toJS() as { stop?: { commands?: unknown; defaultTimeout?: unknown } } | null)?.stop;
  const commands = stop?.commands;
  if (!Array.isArray(commands)) return [];
  const conflicts: string[] = [];
  const msOf = (value: unknown): number | null | undefined => {
    if (value === null) return null;
    const parsed = parseDuration(value);
    return parsed.ok ? parsed.ms : undefined;
  };
  if (stop?.defaultTimeout !== undefined) {
    const blockMs = msOf(stop.defaultTimeout);
    const saidMs = defaults.defaultTimeoutMs !== undefined ? defaults.defaultTimeoutMs : defaults.defaultTimeout !== undefined ? msOf(defaults.defaultTimeout) : undefined;
    if (saidMs !== undefined && blockMs !== undefined && saidMs !== blockMs) conflicts.push(`a default timeout of ${saidMs === null ? 'none' : showDuration(saidMs)} is said, the block's defaultTimeout: ${String(stop.defaultTimeout)}`);
  }
  commands.forEach((entry: unknown, index) => {
    if (!entry || typeof entry !== 'object') return;
    const block = entry as Record<string, unknown>;
    const said = setupOf(index);
    const which = commands.length > 1 ? `command ${index + 1}: ` : '';
    if (said.run !== undefined && typeof block.run === 'string' && said.run.trim() !== block.run.trim()) conflicts.push(`${which}the When runs \`${said.run}\`, the block \`${block.run}\``);
    if (said.context === 'host' && block.image !== undefined) conflicts.push(`${which}the When runs it on the host, the block in the image ${String(block.image)}`);
    else if (said.image !== undefined && block.image !== undefined && said.image !== String(block.image)) conflicts.push(`${which}the When runs it in the image ${said.image}, the block in the image ${String(block.image)}`);
    else if (said.context === 'docker' && block.image === undefined) conflicts.push(`${which}the When runs it in a container${said.image !== undefined ? ` (${said.image})` : ''}, the block on the host (it gives no image)`);
    if (said.timeoutMs !== undefined && block.timeout !== undefined) {
      const blockMs = msOf(block.timeout);
      if (blockMs !== undefined && blockMs !== said.timeoutMs) conflicts.push(`${which}the When gives it ${said.timeoutMs === null ? 'no timeout' : `a timeout of ${showDuration(said.timeoutMs)}`}, the block timeout: ${String(block.timeout)}`);
    }
    for (const [key, value] of Object.entries(said.fields)) {
      if (!(key in block) || key === 'env') continue;
      // A field the When leaves out that the block sets: dropped silently, the run would be one nobody wrote.
      if (value === undefined) {
        conflicts.push(`${which}the When leaves out ${key}, the block sets ${key}: ${String(block[key])}`);
        continue;
      }
      if (JSON.stringify(block[key]) !== JSON.stringify(value) && String(block[key]) !== String(value)) conflicts.push(`${which}the When sets ${key}: ${String(value)}, the block ${key}: ${String(block[key])}`);
    }
  });
  return conflicts;
}

/** Stands for the run of a command the When describes but does not quote, until it is written from what it says. */
const SYNTHESIZED = '__synthesized__';

/** A command's entry in a configuration file: its run (none when the When says the entry holds only its fields), its fields, its image. */
function entryOf(said: Setup): Record<string, unknown> {
  const image = said.image ?? (said.context === 'docker' ? DEFAULT_IMAGE : undefined);
  return { ...(said.only ? {} : { run: said.run ?? SYNTHESIZED }), ...said.fields, ...(image ? { image } : {}) };
}

/** TEXT with what the When says of one command by its place written into that command's entry (a new entry after the last). */
function withPlaced(text: string, placed: (Setup | undefined)[]): string {
  if (placed.every((said) => said === undefined)) return text;
  const document = parseDocument(text, QUIET_YAML);
  const commands = document.getIn(['stop', 'commands']);
  if (!isSeq(commands)) return text;
  placed.forEach((said, index) => {
    if (!said) return;
    while (commands.items.length <= index) commands.add(document.createNode(said.only && commands.items.length === index ? {} : { run: SYNTHESIZED }));
    for (const [key, value] of Object.entries({ ...(said.run ? { run: said.run } : {}), ...said.fields, ...(said.image ? { image: said.image } : {}) })) {
      if (value === undefined) document.deleteIn(['stop', 'commands', index, key]);
      else document.setIn(['stop', 'commands', index, key], value);
    }
    if (said.context === 'docker' && !said.image && !document.hasIn(['stop', 'commands', index, 'image'])) document.setIn(['stop', 'commands', index, 'image'], DEFAULT_IMAGE);
  });
  return document.toString();
}

/** TEXT (a stop-hook configuration) with FIELDS set on each of its commands, and the default timeout when given. A container the When says where the block gives no image is a conflict (blockConflicts), never an image written in. */
function withSettings(text: string, fields: Record<string, unknown>, defaultTimeout: unknown): string {
  if (Object.keys(fields).length === 0 && defaultTimeout === undefined) return text;
  const document = parseDocument(text, QUIET_YAML);
  const commands = document.getIn(['stop', 'commands']);
  if (!isSeq(commands)) return text;
  if (defaultTimeout !== undefined) document.setIn(['stop', 'defaultTimeout'], defaultTimeout);
  commands.items.forEach((command, i) => {
    if (!isMap(command)) return;
    for (const [key, value] of Object.entries(fields)) {
      if (key === 'env' && value !== null && typeof value === 'object') for (const [name, v] of Object.entries(value)) document.setIn(['stop', 'commands', i, 'env', name], v);
      // A field the When leaves out ("no maxOutputLines is configured").
      else if (value === undefined) document.deleteIn(['stop', 'commands', i, key]);
      else document.setIn(['stop', 'commands', i, key], value);
    }
  });
  return document.toString();
}

/** Seconds slept by a command's text (`sleep 100`, `sleep 1.5`, `sleep 2m`), summed; null when it has none. */
function sleptMs(run: string): number | null {
  let total: number | null = null;
  for (const m of run.matchAll(/\bsleep\s+(\d+(?:\.\d+)?)([smh]?)\b/g)) total = (total ?? 0) + Number(m[1]) * ({ '': 1000, s: 1000, m: 60_000, h: 3_600_000 }[m[2]] ?? 1000);
  return total;
}

function scaleSleeps(run: string, scale: number): string {
  return run.replace(/\bsleep\s+(\d+(?:\.\d+)?)([smh]?)\b/g, (_, n: string, unit: string) => `sleep ${Number(((Number(n) * ({ '': 1, s: 1, m: 60, h: 3600 }[unit] ?? 1)) * scale).toFixed(3))}`);
}

/**
 * What of a command's text may hold a duration that is not a `sleep`'s: its numbers, once its
 * sleeps, its exit statuses and its redirections (`>&2`, `2>&1`) are left out. `timeout 30`,
 * `--deadline 30`, `setTimeout(f, 30000)`: scaling the sleeps beside them would change what the
 * command does (`timeout 30 sleep 100` ends at 30 s with 124; scaled to `sleep 3`, it exits 0).
 */
function unscalableNumbers(run: string): string[] {
  const rest = run.replace(/\bsleep\s+\d+(?:\.\d+)?[smh]?\b/g, ' ').replace(/\bexit\s+\d+\b/g, ' ').replace(/\d*>&\d+|\b\d>/g, ' ');
  // A number stands alone, as a duration would (`30`, `30s`, `=30`, `(f, 30000)`): a digit inside a
  // word (`never2`, `md5sum`) or a positional parameter (`$1`) is no number.
  return rest.match(/(?<![\w.$])\d+(?:\.\d+)?(?:ms|[smhd])?(?![\w])/g) ?? [];
}

/** Programs that run code of their own, whose duration no word of the command shows. */
const INTERPRETERS = /^(?:sh|bash|zsh|dash|node|deno|bun|python\d*(?:\.\d+)?|perl|ruby|php|make|npm|npx|yarn|pnpm|go|cargo|java|source|\.)$/;

/**
 * The programs a command's text runs whose duration the scaling cannot see, with no number to
 * show it: a script or binary by its path (`./work.sh`, `$SPEC_RUN_PROJECT_DIR/work.sh`), an
 * interpreter running code (`bash job.sh`, `node build.js`). `sleep 30 && ./work.sh` scaled to
 * `sleep 3 && ./work.sh` keeps the script's 5 s: no longer the same outcome, sooner.
 */
function unscalablePrograms(run: string): string[] {
  const programs = run
    .split(/&&|\|\||[;|&\n(){}`]|\$\(|\b(?:then|do|else)\b/)
    .map((part) => part.trim().split(/\s+/).find((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word) && !/^(?:!|exec|time|nohup|env|command)$/.test(word)) ?? '')
    .filter((word) => word.includes('/') || word.startsWith('$') || INTERPRETERS.test(word));
  return [...new Set(programs)];
}

/**
 * Scales a configuration whose commands would run longer than a test can wait: timeouts and
 * sleeps alike, so the same outcome comes sooner. A command SCALABLE does not say holds durations
 * of its own (the interpreter's own commands, written from what a When says, hold none) is
 * scaled only where no number but its sleeps' could be one; else the run is refused, never
 * scaled into another outcome.
 */
export function scaled(config: StopConfig, scalable: (command: StopConfig['commands'][number]) => boolean = () => false): { config: StopConfig; scale: number } {
  const horizon = Math.max(
    0,
    ...config.commands.map((command) => {
      const timeout = resolveTimeout(config, command).ms ?? Infinity;
      const slept = sleptMs(command.run) ?? 0;
      return Math.min(timeout, slept);
    }),
  );
  if (horizon <= LONGEST_REAL_MS) return { config, scale: 1 };
  for (const command of config.commands) {
    const numbers = scalable(command) ? [] : unscalableNumbers(command.run);
    const programs = scalable(command) ? [] : unscalablePrograms(command.run);
    if (numbers.length + programs.length > 0) {
      const held = [...(numbers.length > 0 ? [`holds ${numbers.map((n) => JSON.stringify(n)).join(', ')}, which may be durations the scaling cannot see (\`timeout 30\`, \`--deadline 30\`)`] : []), ...(programs.length > 0 ? [`runs ${programs.map((p) => `\`${p}\``).join(', ')}, whose own time the scaling cannot see or shorten`] : [])];
      throw new Error(
        `the scenario's run would take ${showDuration(horizon)}, longer than a test waits (${showDuration(LONGEST_REAL_MS)}), so its timeouts and sleeps would be scaled down alike; but beside its sleeps the command \`${command.run}\` ${held.join(', and ')}: scaled, it could do something else than as written, so it is not run. ` +
          'Write its durations as sleeps and timeouts of the configuration, or make the scenario run within that time',
      );
    }
  }
  const scale = SCALED_HORIZON_MS / horizon;
  const limit = (setting: TimeoutSetting): TimeoutSetting => (setting.kind === 'limit' ? { kind: 'limit', ms: Math.max(100, Math.round(setting.ms * scale)), text: limitText(Math.max(100, Math.round(setting.ms * scale))) } : setting);
  return {
    scale,
    config: {
      defaultTimeout: limit(config.defaultTimeout.kind === 'inherit' ? { kind: 'limit', ms: 300_000, text: '5m' } : config.defaultTimeout),
      commands: config.commands.map((command) => ({ ...command, run: scaleSleeps(command.run, scale), timeout: limit(command.timeout) })),
    },
  };
}

/**
 * True when the scenario gave no configuration block and its When said nothing of its command:
 * the command it would run (`true`) would be spec-run's invention, and what it checks of it,
 * nothing the scenario states.
 */
function statesNothing(yaml: { text: string; line: number } | null, setup: Setup): boolean {
  if (yaml !== null) return false;
  return Object.values(setup).every((value) => value === undefined || (Array.isArray(value) ? value.length === 0 : typeof value === 'object' && value !== null && Object.keys(value).length === 0));
}

/** The arguments (after `exec`) of the invocation INVOCATION, its configuration file given as GIVEN. */
function execArgv(invocation: Invocation, given: string | undefined): string[] {
  return [
    ...(given === undefined ? [] : [given]),
    ...(invocation.log === undefined ? [] : ['--log', invocation.log]),
    ...(invocation.logFailures ? ['--log-failures'] : []),
    ...(invocation.project === undefined ? [] : ['--project', invocation.project]),
    ...Object.entries(invocation.imageAliases ?? {}).flatMap(([name, image]) => ['--image-alias', `${name}=${image}`]),
    ...(invocation.configDirEnv === undefined ? [] : ['--config-dir-env', invocation.configDirEnv]),
  ];
}

/** Runs the scenario's configuration and records it. */
export async function observe(yaml: (BlockPlace & { text: string }) | null, said: Setup, options: ObserveOptions): Promise<Observation> {
  if (statesNothing(yaml, said)) throw new Error(NOTHING_STATED);
  // A block that is not a configuration (`stops:`) configures nothing: the command run would be spec-run's stand-in, not the scenario's.
  if (yaml !== null && !/^stop:/m.test(yaml.text) && statesNothing(null, said) && !options.refusalStated) throw new Error(`the scenario's YAML block (line ${yaml.line}) is not a stop-hook configuration: its top key is not \`stop:\`, so it sets up no command, and no step says which command runs. ${NOTHING_STATED}`);
  // "`spec-run exec x.yaml` is run", and nothing said of what x.yaml holds (no block, no command, no field): the scenario's
  // fresh directory has no such file, as it has no file the scenario does not describe. Writing one would be a guess.
  const given = yaml === null && said.invocation?.config !== undefined && statesNothing(null, { ...said, invocation: undefined }) ? { ...said, invocation: { ...said.invocation, configMissing: true } } : said;
  // "gets SIGINT while `x` is running", with no configuration said besides: the command it names is the one it runs.
  const during = said.interrupt?.during?.command;
  const setup = yaml === null && during !== undefined && 'run' in during && said.run === undefined && said.byCommand === undefined && given.invocation?.config === undefined ? { ...given, run: during.run } : given;
  const { config, errors, synthesized, text: configText } = configure(yaml, setup, options.refusalStated);
  const documented = config.commands.map((command) => resolveTimeout(config, command));
  // The commands the interpreter wrote from what a When says hold no duration but their sleeps.
  const { config: probe, scale } = scaled(config, (command) => synthesized[config.commands.indexOf(command)] === true);
  const notes: string[] = [];
  if (scale !== 1) notes.push(`durations scaled by ${scale.toPrecision(3)} (timeouts and sleeps alike): the documented ${showDuration(Math.max(...documented.map((d) => d.ms ?? 0)))} runs as ${showDuration(Math.max(...documented.map((d) => d.ms ?? 0)) * scale)}`);
  const scenarioInvocation = setup.invocation ?? {};
  if (scenarioInvocation.project !== undefined) notes.push(`--project ${scenarioInvocation.project}: a fresh directory stands for it${path.isAbsolute(scenarioInvocation.project) ? ', the paths the run shows under it said under this name' : ''}`);
  const runIn = async (configuration: StopConfig, { times, invocation }: { times: number; invocation: Invocation } = { times: 1, invocation: scenarioInvocation }): Promise<{ record: RunRecord; log?: LogFile; logBefore: LogFile[]; files: string[]; directories: string[]; projectFiles: string[]; projectDirectories: string[]; projectTexts: Record<string, string>; afterSignalMs?: number; places: { project: string; configDir: string; start: string }; configName: string }> => {
    // The directory spec-run exec is started in: its configuration file, --log and --project are resolved there, as the CLI resolves them.
    const dir = mkdtempSync(path.join(tmpdir(), 'spec-run-scenario-'));
    // A checkout is readable by others (mkdtemp makes it the owner's alone): a container command given another `user:` reads the project as in the writer's own.
    chmodSync(dir, 0o755);
    try {
      const { given, configPath, configDir, project, standIns } = placesIn(dir, invocation, setup.projectNamed, options.configName);
      // The directories named by paths from here: none where the project is another machine's path, which a fresh directory stands for.
      const namedHere = invocation.project !== undefined && path.isAbsolute(invocation.project) ? [] : startNamed({ project, configDir, start: dir });
      placeFiles(setup.files ?? [], project, invocation.project, dir, namedHere);
      // The configuration is a file where the scenario says it is, as spec-run exec reads it.
      if (configPath !== undefined && !invocation.configMissing) {
        mkdirSync(path.dirname(configPath), { recursive: true });
        writeFileSync(configPath, configText);
      }
      // Its streams sent to files (`> out.txt`): the shell makes each before spec-run exec starts.
      const streams = invocation.streams ?? {};
      for (const file of [streams.stdout, streams.stderr]) if (file !== undefined) writeFileSync(path.join(dir, file), '');
      const configName = given ?? options.configName ?? (yaml ? "the scenario's configuration" : 'the configuration');
      const logFile = invocation.log === undefined ? undefined : path.join(dir, invocation.log);
      const logNow = () => (logFile === undefined ? undefined : { name: invocation.log!, lines: existsSync(logFile) && statSync(logFile).isFile() ? readFileSync(logFile, 'utf8').split('\n').filter((line) => line !== '') : null });
      const imageAliases = { ...options.imageAliases, ...invocation.imageAliases };
      // Variables the shell exported reach host commands, as spec-run exec's own environment does (a container gets only its env:).
      const exported = { ...(options.projectDir === undefined ? {} : { [PROJECT_DIR_ENV]: options.projectDir }), ...invocation.exported };
      if (Object.keys(exported).length > 0) configuration = { ...configuration, commands: configuration.commands.map((c) => (c.image === undefined ? { ...c, env: { ...exported, ...c.env } } : c)) };
      const runOptions = { configDir, projectRoot: project, imageAliases, configDirEnv: invocation.configDirEnv ?? options.configDirEnv, configName, log: logFile, logFailures: invocation.logFailures };
      /** One run in the directory, sent the scenario's interrupt (timed from its own start) as each of its runs is. */
      const recordOnce = async () => {
        const interrupt = setup.interrupt && scheduledInterrupt(setup.interrupt, scale, options.signal, config.commands, configuration.commands);
        const recordOptions = { ...runOptions, signal: interrupt?.signal ?? options.signal, write: interrupt?.write, onEvent: interrupt?.onEvent };
        // The file it is given does not exist: spec-run exec reads nothing and runs nothing.
        // A command line spec-run exec refuses (its parser, or the place its --log names): the CLI's own run, as a child process
        // started in the directory, never the record functions behind it, which would run what the CLI refuses (command-line-refused.ts).
        const cliArgv = invocation.refused ?? (logPlaceRefused(invocation.log, dir) !== null ? execArgv(invocation, given) : undefined);
        if (cliArgv !== undefined) {
          interrupt?.dispose();
          return { record: await cliRecord(cliArgv, dir, { ...process.env, ...exported }), afterSignalMs: undefined };
        }
        const record = invocation.configMissing ? await recordFile(configPath ?? path.join(dir, 'stop.yaml'), recordOptions) : await recordRun(configuration, errors, recordOptions);
        const sentAt = interrupt?.sentAt();
        const afterSignalMs = sentAt === undefined ? undefined : performance.now() - sentAt;
        // spec-run exec opens the file by the path it was given, from the directory it was started in: its messages name that path.
        if (invocation.configMissing && configPath !== undefined && invocation.config !== undefined) record.messages = record.messages.map((m) => m.split(configPath).join(invocation.config!));
        interrupt?.dispose();
        if (interrupt?.sent() && setup.interrupt) endInterrupted(record, setup.interrupt.signal);
        interrupt?.check(record);
        return { record, afterSignalMs };
      };
      // Runs before the last one, in the same directory: what they leave (the log they append to) is what the last one starts from.
      const logBefore: LogFile[] = [];
      for (let earlier = 1; earlier < times; earlier++) {
        await recordOnce();
        const left = logNow();
        if (left) logBefore.push(left);
      }
      const { record, afterSignalMs } = await recordOnce();
      // What it printed, as the files its streams were sent to hold it: the report on stdout, its own warnings on stderr.
      if (streams.stdout !== undefined) writeFileSync(path.join(dir, streams.stdout), record.messages.map((m) => `${m}\n`).join(''));
      if (streams.stderr !== undefined) writeFileSync(path.join(dir, streams.stderr), (record.warnings ?? []).map((m) => `${m}\n`).join(''));
      const log = logNow();
      const named = { record: inNamedPlaces(record, standIns), log: inNamedPlaces(log, standIns), logBefore: inNamedPlaces(logBefore, standIns), places: inNamedPlaces({ project, configDir, start: dir }, standIns) };
      const projectFiles = filesUnder(project);
      const projectDirectories = directoriesUnder(project);
      const projectTexts = textsUnder(project);
      const entries = { files: [...new Set([...filesUnder(dir), ...projectFiles])], directories: [...new Set([...directoriesUnder(dir), ...projectDirectories])], projectFiles, projectDirectories, projectTexts };
      return { ...named, configName, afterSignalMs, ...(invocation.startNamed === undefined ? entries : underStartName(entries, invocation.startNamed, path.relative(dir, project))) };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  let other: Promise<RunRecord> | null = null;
  const reruns = new Map<string, Promise<Observation>>();
  const observed = (run: Awaited<ReturnType<typeof runIn>>): Observation => ({
    ...run,
    ...(run.afterSignalMs === undefined ? {} : { afterSignalMs: run.afterSignalMs }),
    ...(run.logBefore.length === 0 ? {} : { logBefore: run.logBefore }),
    scale,
    documented,
    runs: config.commands.map((command) => command.run),
    synthesized,
    notes,
    ...(yaml !== null && configText === yaml.text ? { configAt: yaml } : {}),
    other: () =>
      (other ??= runIn({
        ...probe,
        commands: probe.commands.map((command) => ({ ...command, image: command.image === undefined ? DEFAULT_IMAGE : undefined })),
      }).then((again) => again.record)),
    rerun: (change) => {
      const key = JSON.stringify(change);
      let made = reruns.get(key);
      if (!made) reruns.set(key, (made = runIn(probe, { times: change.times, invocation: { ...scenarioInvocation, ...change.invocation } }).then(observed)));
      return made;
    },
  });
  return observed(await runIn(probe));
}
