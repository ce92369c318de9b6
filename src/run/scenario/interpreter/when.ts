// The When of an executor scenario: each clause of the sentence sets one thing about the
// command and its configuration (the command itself, where it runs, a timeout, a line
// limit, what it prints, how it reacts to SIGTERM, how long it runs, how it exits, a
// field's value). Rules are facts over concepts and entity kinds (lexicon.ts).
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { QUIET_YAML } from '../../../parse/yaml-options.js';
import { INTERRUPT_SIGNALS, type InterruptSignal } from '../../../executor/interrupts.js';
import type { StreamName, Token } from './lexicon.js';
import { RUNNER, showDuration, withoutRunner } from './lexicon.js';
import { inRunWords } from './run-words.js';
import { inMomentWords, momentIn, showMoment, type InterruptMoment } from './interrupt-moment.js';
import { inSignalSaid } from './signal-said.js';
import { inLogPlaceWords } from './log-place-said.js';
import { projectLeftOpen, takeInvocation } from './invocation.js';
import { invocationLinesRewritten } from './invocation-line.js';
import { wholeSetup } from './whole-setup.js';
import { labelledSetup } from './labelled-setup.js';
import { args, isFunction, read, type Args, type Reading, type Rule } from './reading.js';
import { treeEntriesSaid } from './tree-said.js';

export interface Setup {
  run?: string;
  context?: 'host' | 'docker';
  image?: string;
  /** Fields of the command as YAML values (validated by the executor's loader). */
  fields: Record<string, unknown>;
  /** `stop.defaultTimeout` as a YAML value, when written as one (a value under test). */
  defaultTimeout?: unknown;
  /** `stop.failFast` as a YAML value, as a sentence writes it (whole-setup.ts). */
  failFast?: unknown;
  /** Timeouts the When states as durations (null: disabled). */
  timeoutMs?: number | null;
  defaultTimeoutMs?: number | null;
  /** The command has no timeout of its own (inherits). */
  omitTimeout?: boolean;
  prints: { stream: StreamName; n: number }[];
  /** Lines of text it prints. */
  says: { stream: StreamName; text: string }[];
  ignoresTerm?: boolean;
  handlesTerm?: boolean;
  /** How long the command runs; 'long': past any timeout. */
  sleepMs?: number | 'long';
  exitCode?: number;
  /** The When says only that it fails, no code (its exitCode 1 is then the one a written command takes). */
  fails?: boolean;
  /** What the When says of one command of several, by its place ("the second command sets …", "another sets …"). */
  byCommand?: Setup[];
  /** The command a clause last spoke of by its place: "another" is the one after it. */
  lastCommand?: number;
  /** The stop hook's command list is empty (`commands: []`): the configuration has no command at all. */
  noCommands?: boolean;
  /** The entry holds only the fields said of it: no run is written for it ("a second entry that has only `timeout: 5s`"). */
  only?: boolean;
  /** `spec-run exec` as the When invokes it: its configuration file as named, `--log FILE`, `--project DIR`. */
  invocation?: Invocation;
  /**
   * spec-run exec interrupted by SIGNAL at AT_MS from its start, or from the start of command AFTER_COMMAND (by index);
   * or DURING what a command does (at AT_MS too, where a time is said as well).
   */
  interrupt?: { signal: InterruptSignal; atMs?: number; afterCommand?: number; during?: InterruptMoment };
  /** Files the When says a directory holds ("`/tmp/p` holds `a.txt` and a directory `sub`"), by the directory as named ("project": the project's). */
  files?: { dir: string; name: string; directory: boolean; content?: string }[];
  /** The absolute path of another machine the scenario names its project by ("the project `/srv/etl` holds …"). */
  projectNamed?: string;
}

export interface Invocation {
  config?: string;
  /** The configuration file's directory, said without its name (relative to where spec-run exec starts). */
  configDir?: string;
  /** The configuration file named does not exist. */
  configMissing?: boolean;
  /** The arguments (after `exec`) as written, where spec-run exec's command line refuses them: the run is the CLI's, as a child process. */
  refused?: string[];
  log?: string;
  /** `--log-failures`: the log gets each failed command, one that could not run, and output cut at the cap too. */
  logFailures?: boolean;
  project?: string;
  /** `--image-alias NAME=IMAGE`, each. */
  imageAliases?: Record<string, string>;
  /** `--config-dir-env NAME`. */
  configDirEnv?: string;
  /** Variables the shell spec-run exec is started from exported: host commands inherit them. */
  exported?: Record<string, string>;
  /** The name the scenario gives the fresh directory spec-run exec starts in ("in a fresh `lab/typos/`"): its paths are read under that name too. */
  startNamed?: string;
  /** Files spec-run exec's own stdout and stderr are sent to (`> out.txt`, `2> err.txt`), relative to where it starts. */
  streams?: { stdout?: string; stderr?: string };
}

/** `spec-run exec` with its arguments, as written; null for an option the executor does not have. */
export function invocationOf(text: string): Invocation | null {
  const words = withoutRunner(text).split(/\s+/);
  if (words[0] !== 'spec-run' || words[1] !== 'exec') return null;
  const invocation: Invocation = {};
  for (let i = 2; i < words.length; i++) {
    const [flag, inline] = words[i].split('=', 2);
    if (flag === '--log' || flag === '--project') {
      const value = inline ?? words[++i];
      if (value === undefined) return null;
      invocation[flag === '--log' ? 'log' : 'project'] = value;
    } else if (flag === '--log-failures' && inline === undefined) invocation.logFailures = true;
    else if (flag.startsWith('-') || invocation.config !== undefined) return null;
    else invocation.config = words[i];
  }
  // spec-run exec refuses --log-failures without --log: a command line it would not run is not read.
  return invocation.logFailures && invocation.log === undefined ? null : invocation;
}

export function emptySetup(): Setup {
  return { fields: {}, prints: [], says: [] };
}

/** A command's setup: what is said of all of them (BASE), then what is said of it alone (OWN). */
export function mergedSetup(base: Setup, own: Setup | undefined): Setup {
  if (!own) return base;
  const defined = Object.fromEntries(Object.entries(own).filter(([, value]) => value !== undefined));
  return { ...base, ...defined, fields: { ...base.fields, ...own.fields }, prints: [...base.prints, ...own.prints], says: [...base.says, ...own.says], byCommand: undefined };
}

export interface SetupPart {
  /** What the clause sets, as a reader checks it: "timeout = 2 s". */
  text: string;
  apply(setup: Setup): void;
}

const part = (text: string, apply: (s: Setup) => void): SetupPart => ({ text, apply });

const wordOf = (t: Token) => (t.kind === 'word' ? t.text.toLowerCase() : null);

/** "a file `b.txt`": a quoted text right after the word "file" names a file, never a command line or a working directory. */
const namedAsFile = (a: Args, t: Token) => /^files?$/.test(wordOf(a.tokens[a.tokens.indexOf(t) - 1] ?? t) ?? '');

/** A line of a configuration file: `key: value`. */
const CONFIG_LINE = /^([A-Za-z_][A-Za-z0-9_]*)\s*:\s*(\S.*)$/;

/** The value of a token as a YAML scalar: a number, a quoted text, a duration as written. */
function valueOf(token: Token): unknown {
  if (token.kind === 'word') {
    if (token.concepts.includes('HIDE') || token.text === 'false') return false;
    if (token.concepts.includes('REVEAL') || token.text === 'true') return true;
    return null;
  }
  const e = token.entity;
  if (e.type === 'number') return e.n;
  if (e.type === 'count') return e.n;
  return e.type === 'quoted' ? yamlValue(token.text) : token.text;
}

/** The value of a `key: value` written in a sentence, read as the line of YAML it is: `false` a boolean, `10` a number, `null` no value, `"1s"` the text 1s. */
function yamlValue(text: string): unknown {
  try {
    return parse(text, QUIET_YAML) as unknown;
  } catch {
    return text;
  }
}

const streamsOf = (a: Args): StreamName[] => {
  const named = a.entities('stream').map((s) => s.name);
  return named.length > 0 ? [...new Set(named)] : ['stdout'];
};

const RULES: Rule<SetupPart>[] = [
  {
    // "`spec-run exec --log run.jsonl stop.yaml`", "`spec-run exec nope.yaml` names a file that does not exist".
    name: 'spec-run exec invoked',
    needs: [['E:quoted']],
    allows: ['MENTION', 'CONFIG', 'MISSING', 'HOOK', 'APPLY', 'CREATE'],
    build(a) {
      const quoted = a.entities('quoted');
      // "`--log m.jsonl` is given", "the executor is started with `--project other`": its options alone.
      const text = quoted.length === 1 ? (quoted[0].text.startsWith('--') ? `spec-run exec ${quoted[0].text}` : quoted[0].text) : '';
      const invocation = invocationOf(text);
      if (!invocation || a.negated || (a.has('APPLY', 'CREATE') && !quoted[0].text.startsWith('--'))) return null;
      // What it names is said not to exist: only of a configuration file it names.
      const missing = a.has('MISSING');
      if (missing && invocation.config === undefined) return null;
      if (a.has('MENTION', 'CONFIG') && !missing) return null;
      const said = [invocation.config && `configuration file ${invocation.config}${missing ? ' (which does not exist)' : ''}`, invocation.log && `--log ${invocation.log}`, invocation.logFailures && '--log-failures', invocation.project && `--project ${invocation.project} (a fresh directory stands for it)`].filter(Boolean);
      return part(`spec-run exec ${said.join(', ') || 'on the configuration'}`, (s) => (s.invocation = { ...s.invocation, ...invocation, ...(missing ? { configMissing: true } : {}) }));
    },
  },
  {
    // "spec-run exec is sent SIGINT about 1.5 s after it started", "the executor receives SIGTERM two seconds after
    // the second command started", "the run is interrupted after 2 seconds" (an interrupt said with no signal: SIGINT,
    // Ctrl-C's). Of spec-run exec: what the executor is sent is a signal to a command only in the Thens' words.
    // Its moment may be said by what a command is doing instead, or as well ("while the first command is sleeping",
    // "once it has printed `begun`": interrupt-moment.ts).
    name: 'spec-run exec interrupted',
    needs: [['HOOK'], ['E:signal', 'TERMINATE'], ['E:duration', 'DURING']],
    allows: ['SEND', 'ABOUT', 'AFTER', 'E:ordinal', 'CREATE', 'CONFIG', 'RUNS', 'FILLER', 'TIME_WORD', 'DURING', 'E:quoted', 'E:count'],
    build(whole) {
      const during = momentIn(whole);
      if (during === null) return null;
      const a = during === undefined ? whole : args(whole.tokens.filter((t) => !during.tokens.includes(t)));
      // The words of a moment are its own: a command line or a count said elsewhere in the clause is not read here.
      if (a.has('DURING', 'E:quoted', 'E:count')) return null;
      const signals = a.entities('signal').map((s) => s.name);
      const durations = a.entities('duration');
      const interrupted = a.tokens.some((t) => t.kind === 'word' && /^interrupt/i.test(t.text));
      const terminated = a.tokens.filter((t) => t.kind === 'word' && t.concepts.includes('TERMINATE'));
      // "is sent SIGINT, as a Ctrl-C would": one signal, said twice.
      if (a.negated || durations.length > 1 || (durations.length === 0 && during === undefined) || new Set(signals).size > 1 || terminated.some((t) => !/^interrupt/i.test(t.text))) return null;
      const signal = signals[0] ?? 'SIGINT';
      if (!(INTERRUPT_SIGNALS as readonly string[]).includes(signal) || (signals.length > 0 ? !a.has('SEND') && !interrupted : !interrupted)) return null;
      // The time is from a command's start when one is named after "after" ("after the second command started").
      const ordinals = a.entities('ordinal');
      const from = a.after('AFTER');
      const [place] = ordinals;
      if (ordinals.length > 1 || (place && (place.of !== 'command' || typeof place.index !== 'number' || !from.some((t) => t.kind === 'entity' && t.entity.type === 'ordinal') || !a.has('CREATE')))) return null;
      // Without a time, "after" belongs to the moment alone.
      if (durations.length === 0 && a.has('AFTER', 'CREATE', 'E:ordinal')) return null;
      const afterCommand = place?.index as number | undefined;
      const ms = durations[0]?.ms;
      const time = ms === undefined ? '' : ` ${showDuration(ms)} after ${afterCommand === undefined ? 'it started' : `command ${afterCommand + 1} started`}`;
      const moment = during?.moment;
      return part(`spec-run exec is sent ${signal}${time}${moment ? `${time ? ',' : ''} ${showMoment(moment)}` : ''}`, (s) => (s.interrupt = { signal: signal as InterruptSignal, ...(ms === undefined ? {} : { atMs: ms }), ...(afterCommand === undefined ? {} : { afterCommand }), ...(moment ? { during: moment } : {}) }));
    },
  },
  {
    // "the configuration lists three host commands: `a`, then `b`, then `c`", "has the commands `a`, `b` and `c`": one command each, in that order.
    name: 'several commands listed',
    needs: [['COMMAND', 'E:count'], ['E:quoted']],
    allows: ['HOST', 'CONTAINER', 'E:count', 'E:number', 'AFTER', 'APPLY', 'MENTION', 'REMAIN', 'E:quoted'],
    build(a) {
      const runs = a.entities('quoted').map((q) => q.text);
      // "three host commands": how many, said before them.
      const counts = [...a.entities('count'), ...a.entities('number').map((n) => ({ n: n.n, unit: 'command' as const }))];
      const plural = a.tokens.some((t) => t.kind === 'word' && /^(commands|entries)$/i.test(t.text)) || counts.some((c) => c.unit === 'command');
      if (!plural || runs.length < 2 || a.negated || (a.has('HOST') && a.has('CONTAINER')) || counts.length > 1 || (counts[0] && (counts[0].unit !== 'command' || counts[0].n !== runs.length))) return null;
      if (runs.some((run) => /^(spec-run\b|--)|^[A-Za-z_]+\s*:/.test(run))) return null;
      const context = a.has('CONTAINER') ? 'docker' : a.has('HOST') ? 'host' : undefined;
      const where = context === 'docker' ? ' in a container (alpine)' : context === 'host' ? ' on the host' : '';
      return part(runs.map((run, i) => `command ${i + 1}: run \`${run}\`${where}`).join('; '), (s) => {
        s.byCommand ??= [];
        runs.forEach((run, i) => {
          const own = (s.byCommand![i] ??= emptySetup());
          own.run = run;
          if (context) own.context = context;
        });
        s.lastCommand = runs.length - 1;
      });
    },
  },
  {
    // "`logs` does not exist yet": true of the fresh directory a scenario runs in; of the configuration file spec-run exec is given, that it cannot be read.
    // "the configuration's directory holds nothing named `x`", "the project has no `x`": a directory said not to hold it.
    name: 'a file that does not exist',
    needs: [['E:quoted', 'E:path'], ['MISSING', 'NOT']],
    allows: ['CONFIG', 'WORKDIR', 'PROJECT', 'SET', 'APPLY', 'MENTION', 'OUTPUT'],
    build(a) {
      const names = [...a.entities('quoted').map((q) => q.text), ...a.entities('path').map((p) => p.text)];
      const missing = a.has('MISSING') && !a.negated && !a.has('SET', 'APPLY', 'MENTION', 'OUTPUT');
      // Not held: a directory (its subject) holds or has no such name.
      const holder = a.tokens.findIndex((t) => t.kind === 'word' && t.concepts.some((c) => c === 'SET' || c === 'APPLY'));
      const notHeld = !a.has('MISSING') && a.negated && holder > 0 && a.before('SET', 'APPLY').some((t) => t.kind === 'word' && (t.concepts.includes('WORKDIR') || t.concepts.includes('PROJECT')));
      if (names.length !== 1 || !(missing || notHeld) || !/^[\w.-]+(\/[\w.-]+)*\/?$/.test(names[0])) return null;
      const [name] = names;
      return part(`${name} does not exist before the run (it runs in a fresh directory)`, (s) => {
        if (s.invocation?.config === name) s.invocation.configMissing = true;
        if (s.files?.some((f) => f.name === name)) throw new Error(`the scenario says ${name} exists and that it does not`);
      });
    },
  },
  {
    // "`/tmp/p` holds `marker.txt` and a directory `sub`", "the project directory contains a file `package.json`";
    // a quoted text after a file's name and "containing" or "with the text" is what the file holds.
    name: 'files a directory holds',
    needs: [['E:path', 'PROJECT', 'WORKDIR'], ['SET', 'REMAIN', 'APPLY'], ['E:quoted']],
    allows: ['WORKDIR', 'CONFIG', 'MENTION', 'E:quoted', 'OUTPUT'],
    build(a) {
      // "the project has a file `data.txt` with the text `hello`": "has" of a directory is holding, as "holds" is; no other word of applying.
      const holding = (t: Token) => t.kind === 'word' && (t.concepts.some((c) => c === 'SET' || c === 'REMAIN') || /^(has|have|having)$/i.test(t.text));
      if (a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('APPLY') && !holding(t))) return null;
      const holder = a.tokens.findIndex(holding);
      // "the directory `other` contains …": a quoted name right after "directory", before the verb, is the directory's.
      const isDirectoryWord = (t: Token | undefined) => t?.kind === 'word' && t.concepts.includes('WORKDIR');
      const named = a.tokens.slice(0, holder).filter((t, i, before) => t.kind === 'entity' && t.entity.type === 'quoted' && isDirectoryWord(before[i - 1]));
      const dirs = [...a.entities('path').map((p) => p.text), ...named.map((t) => t.text)];
      // The directory is the subject, before the verb; what follows are its files.
      const dirAt = a.tokens.findIndex((t) => (t.kind === 'entity' && t.entity.type === 'path') || named.includes(t) || (t.kind === 'word' && t.concepts.includes('PROJECT')));
      if (a.negated || dirs.length > 1 || dirAt < 0 || dirAt > holder || a.tokens.slice(0, holder).some((t) => t.kind === 'entity' && t.entity.type === 'quoted' && !named.includes(t))) return null;
      // "the project `/srv/etl` holds …": the project, named by a path of another machine; a fresh directory stands for it
      // and the run's paths under it are said under that name (as for `--project /srv/etl`).
      const pathAt = a.tokens.findIndex((t) => t.kind === 'entity' && t.entity.type === 'path');
      const projectNamed = pathAt > 0 && pathAt < holder && dirs.length === 1 && path.isAbsolute(dirs[0]) && a.tokens.slice(0, pathAt).some((t) => t.kind === 'word' && t.concepts.includes('PROJECT')) ? dirs[0] : undefined;
      const dir = projectNamed === undefined ? (dirs[0] ?? 'project') : 'project';
      const files: NonNullable<Setup['files']> = [];
      let texts = 0;
      a.tokens.forEach((t, i) => {
        if (t.kind !== 'entity' || t.entity.type !== 'quoted' || i < holder) return;
        // What the file named just before holds: "containing `…`", "with the text `…`" right after its name.
        const between = a.tokens.slice(holder + 1, i);
        const named = between.map((w) => w.kind === 'entity').lastIndexOf(true);
        const words = between.slice(named + 1).filter((w) => !isFunction(w));
        const file = files.at(-1);
        // "containing `…`", "with the text `…`", "containing the text `…`".
        const saysContent = words.length >= 1 && words.length <= 2 && words.every((w) => w.kind === 'word' && (w.concepts.includes('MENTION') || w.concepts.includes('OUTPUT') || /^contain(?:s|ing)?$/i.test(w.text)));
        if (file && !file.directory && file.content === undefined && named >= 0 && saysContent) {
          file.content = t.entity.text;
          texts++;
          return;
        }
        const name = t.entity.text;
        if (!/^[\w.-]+(\/[\w.-]+)*$/.test(name) || name.split('/').includes('..')) return;
        // "a folder `assets`", "a folder called `assets`", "a directory named `out`": the noun names a directory, a word of naming between them or none.
        const naming = (w: Token) => w.kind === 'word' && /^(called|named|titled)$/i.test(w.text);
        const noun = a.tokens.slice(holder, i).reverse().find((w) => w.kind === 'word' && !w.concepts.includes('FUNCTION') && !w.concepts.includes('MENTION') && !naming(w));
        files.push({ dir, name, directory: noun?.kind === 'word' && noun.concepts.includes('WORKDIR') && a.tokens.slice(a.tokens.indexOf(noun) + 1, i).every(naming) });
      });
      // "a directory `proj/sub` exists": no file after the verb, so nothing held; the directory said to exist is not made here.
      if (files.length === 0 || files.length + texts + named.length !== a.entities('quoted').length) return null;
      // Words of a text, or of output, said of no file's content are not this fact's.
      if (texts === 0 && a.tokens.some((w) => w.kind === 'word' && w.concepts.includes('OUTPUT') && !w.concepts.includes('WORKDIR'))) return null;
      const shown = (f: (typeof files)[number]) => `${f.directory ? 'a directory ' : ''}${f.name}${f.content !== undefined ? ` containing ${JSON.stringify(f.content)}` : ''}`;
      const holds = `${dir === 'project' ? 'the project directory' : dir} holds ${files.map(shown).join(', ')}`;
      return part(projectNamed === undefined ? holds : `${holds} (the project, said as ${projectNamed}: a fresh directory stands for it)`, (s) => {
        s.files = [...(s.files ?? []), ...files];
        if (projectNamed !== undefined) s.projectNamed = projectNamed;
      });
    },
  },
  {
    // "the image is unavailable" (plainParts writes so what a When says of an image no machine or registry has): a claim
    // about the machine, which no configuration sets up; the Thens check that the image could not be had.
    name: 'an image said unavailable',
    needs: [['IMAGE'], ['MISSING']],
    allows: [],
    build: (a) => (a.tokens.some((t) => t.kind === 'entity') ? null : part(`${IMAGE_SAID_UNAVAILABLE} (the Thens check that it could not be had)`, () => {})),
  },
  {
    name: 'the command',
    needs: [['E:quoted']],
    allows: ['HOST', 'CONTAINER', 'E:image', 'IMAGE', 'SLEEP', 'OWN', 'UNKNOWN', 'APPLY', 'TIMED_OUT'],
    build(a) {
      const quoted = a.tokens.filter((t) => t.kind === 'entity' && t.entity.type === 'quoted');
      const imageWord = a.tokens.findIndex((t) => t.kind === 'word' && t.concepts.includes('IMAGE'));
      // With the word "image", the quoted text beside it names the image; the other one is the command.
      const isImage = (t: Token) => imageWord >= 0 && Math.abs(a.tokens.indexOf(t) - imageWord) === 1;
      // "runs in `build`", "on `host`": a quoted text after a preposition of place is no command line.
      const placed = (t: Token) => /^(in|inside|on|under|at)$/i.test(wordOf(a.tokens[a.tokens.indexOf(t) - 1] ?? t) ?? '') && !CONFIG_LINE.test(t.text);
      if (quoted.some(placed) || quoted.some((t) => namedAsFile(a, t))) return null;
      const commands = quoted.filter((t) => !isImage(t));
      const images = [...quoted.filter(isImage).map((t) => t.text), ...a.entities('image').map((e) => e.name)];
      if (commands.length !== 1 || images.length > 1 || (imageWord >= 0 && images.length === 0) || (a.has('HOST') && (a.has('CONTAINER') || images.length > 0))) return null;
      const run = commands[0].text;
      // "`spec-run exec --project /tmp/p` runs …", "`--log run.jsonl` is given": the executor's own command line, or an option of it, is not a command it runs.
      if (/^spec-run\b|^--/.test(withoutRunner(run))) return null;
      // "`one.yaml` is run": a configuration file's name is what spec-run exec is given, never a command line.
      if (/^[\w.~/-]+\.ya?ml$/.test(run)) return null;
      // "with `TIER` set", "`$HOME` exported", "with `MODE=ci`": a variable's name, or an assignment alone, is the environment's, never a command line.
      if (/^\$?[A-Z][A-Z0-9_]+$|^[A-Za-z_]\w*=\S*$/.test(run)) return null;
      // "`timeout: 2s`", "the key `timout: 5s`": a configuration line in code marks, of a key the executor knows or not (it judges that).
      const field = CONFIG_LINE.exec(run);
      // "`sleep 10` times out under `timeout: "1s"`": that it times out is a claim, for the Thens to check; said of a command line, it sets nothing.
      if (a.has('TIMED_OUT') && (field || a.has('HOST', 'CONTAINER', 'IMAGE'))) return null;
      // "contains a key `timeoutt`", "an unknown field `retries`": a key's name, with no value (null).
      const keyWord = a.tokens.findIndex((t) => t.kind === 'word' && /^(key|field|setting|option)s?$/i.test(t.text));
      if (!field && keyWord >= 0 && a.tokens[keyWord + 1] === commands[0] && /^[A-Za-z_][A-Za-z0-9_]*$/.test(run) && images.length === 0 && !a.has('HOST', 'CONTAINER')) {
        return part(`${run}: null (a key with no value)`, (s) => (s.fields[run] = null));
      }
      // "has an unknown key `retries: 3`": said only of a configuration line; "has a command `cat x`" names the command.
      const namedCommand = (() => {
        const before = a.tokens[a.tokens.indexOf(commands[0]) - 1];
        return before?.kind === 'word' && before.concepts.includes('COMMAND');
      })();
      if (!field && (a.has('UNKNOWN') || (a.has('APPLY') && !namedCommand))) return null;
      // "the host commands `a`, `b` and `c`": several, which the list rule reads.
      if (a.tokens.some((t) => t.kind === 'word' && /^(commands|entries)$/i.test(t.text))) return null;
      // "`stop:` with `commands: []`": the hook's list of commands, not a field of one; only its being empty is said in a line.
      if (field?.[1] === 'commands') {
        const list = yamlValue(field[2]);
        return Array.isArray(list) && list.length === 0 && images.length === 0 && !a.has('HOST', 'CONTAINER') ? part('commands: [] (the stop hook lists no command)', (s) => (s.noCommands = true)) : null;
      }
      if (field && !run.includes(' ; ') && (a.has('CONFIG', 'UNKNOWN') || /^(run|timeout|defaultTimeout|maxOutputLines|showStdout|showStderr|image|workdir|memory|cpus|network|user|message|env|keepOutput)$/.test(field[1]))) {
        // "a command in `alpine` sets `workdir: /tmp`": the field of a command in that image.
        if ((a.has('HOST') || images.length > 0) && field[1] === 'defaultTimeout') return null;
        const where = images[0] ?? (a.has('CONTAINER') ? 'alpine' : undefined);
        return part(`${field[1]}: ${field[2]}${where ? ` (in a container, ${where})` : a.has('HOST') ? ' (on the host)' : ''}`, (s) => {
          const value = yamlValue(field[2]);
          if (field[1] === 'defaultTimeout') s.defaultTimeout = value;
          else s.fields[field[1]] = value;
          if (where) s.context = 'docker';
          else if (a.has('HOST')) s.context = 'host';
          if (images[0]) s.image = images[0];
        });
      }
      // A `key: value` line is configuration, never a command line ("a misspelt `tiemout: "5s"`" sets no command).
      if (field && /:\s/.test(run)) return null;
      // "`failFast` is on", "with `keepOutput` tail": a key of the configuration named alone is said of the block, never a command to run.
      if (/^(?:failFast|defaultTimeout|maxOutputLines|showStdout|showStderr|keepOutput|workdir):?$/.test(run)) return null;
      const context = images.length > 0 || a.has('CONTAINER') ? 'docker' : a.has('HOST') ? 'host' : undefined;
      const claim = a.has('TIMED_OUT') ? ' (said to time out: the Thens check it)' : '';
      return part(`run \`${run}\`${context === 'docker' ? ` in a container (${images[0] ?? 'alpine'})` : context === 'host' ? ' on the host' : ''}${claim}`, (s) => {
        s.run = run;
        if (context) s.context = context;
        if (images[0]) s.image = images[0];
      });
    },
  },
  {
    name: 'where it runs',
    needs: [['HOST', 'CONTAINER', 'E:image', 'IMAGE']],
    allows: ['IMAGE', 'E:quoted', 'NOT', 'AT_MOST'],
    build(a) {
      // "inside node:20" is where; "within" or "under" a bound is not.
      if (a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('AT_MOST') && !/^inside$/i.test(t.text))) return null;
      const images = [...a.entities('image').map((e) => e.name), ...(a.has('IMAGE') ? a.entities('quoted').map((e) => e.text) : [])];
      if (a.entities('quoted').length > 0 && !a.has('IMAGE')) return null;
      // "with no image configured": no container, so the host.
      if (a.negated && a.has('IMAGE') && images.length === 0 && !a.has('CONTAINER')) return part('on the host (no image)', (s) => (s.context = 'host'));
      if (images.length > 1 || (a.has('HOST') && (a.has('CONTAINER') || images.length > 0)) || a.negated) return null;
      if (a.has('HOST')) return part('on the host', (s) => (s.context = 'host'));
      return part(`in a container (${images[0] ?? 'alpine'})`, (s) => {
        s.context = 'docker';
        if (images[0]) s.image = images[0];
      });
    },
  },
  {
    name: 'a timeout',
    needs: [['E:duration'], ['TIMEOUT', 'E:key', 'AT_MOST', 'TIMED_OUT']],
    allows: ['DEFAULT', 'OWN', 'APPLY', 'SET', 'LIMITED', 'AFTER', 'WINS'],
    build(a) {
      const [d] = a.entities('duration');
      const keys = a.entities('key').map((k) => k.name);
      if (a.entities('duration').length !== 1 || a.negated || keys.some((k) => k !== 'timeout' && k !== 'defaultTimeout')) return null;
      const global = keys.includes('defaultTimeout') || a.has('DEFAULT');
      if (global && keys.includes('timeout')) return null;
      // Quoted ("2h30m", `90s`), it is the value as the configuration file would hold it: the executor judges it.
      if (d.written !== undefined) return global ? part(`defaultTimeout: ${d.written}`, (s) => (s.defaultTimeout = d.written)) : part(`timeout: ${d.written}`, (s) => (s.fields.timeout = d.written));
      return global ? part(`defaultTimeout = ${showDuration(d.ms)}`, (s) => (s.defaultTimeoutMs = d.ms)) : part(`timeout = ${showDuration(d.ms)}`, (s) => (s.timeoutMs = d.ms));
    },
  },
  {
    // "a timeout of "-5s"", "a timeout of 300": a value as written, for the executor to judge.
    name: 'a timeout value',
    needs: [['TIMEOUT'], ['E:quoted', 'E:number']],
    allows: ['DEFAULT', 'OWN', 'SET', 'APPLY', 'CONFIG'],
    build(a) {
      const values = a.tokens.filter((t) => t.kind === 'entity' && (t.entity.type === 'quoted' || t.entity.type === 'number'));
      if (values.length !== 1 || a.negated || a.entities('key').length > 0) return null;
      // "under a limit of five": a limit or a cap with no unit may be of lines, of memory or of time; only a word of time says a timeout.
      if (a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('TIMEOUT') && /^(limits?|cap)$/i.test(t.text))) return null;
      const value = valueOf(values[0]);
      return a.has('DEFAULT') ? part(`defaultTimeout: ${stringify(value).trim()}`, (s) => (s.defaultTimeout = value)) : part(`timeout: ${stringify(value).trim()}`, (s) => (s.fields.timeout = value));
    },
  },
  {
    name: 'no timeout',
    needs: [['TIMEOUT', 'E:key'], ['DISABLE', 'FOREVER', 'NOT']],
    allows: ['DEFAULT', 'OWN', 'SET', 'APPLY', 'CONFIG'],
    build(a) {
      const keys = a.entities('key').map((k) => k.name);
      // "neither … nor …": of two places, the rule of no timeout anywhere.
      const negations = a.tokens.filter((t) => t.kind === 'word' && t.concepts.includes('NOT')).length;
      if (keys.some((k) => k !== 'timeout' && k !== 'defaultTimeout') || a.entities('quoted').length > 0 || negations > 1) return null;
      const global = keys.includes('defaultTimeout') || a.has('DEFAULT');
      if (a.has('DISABLE', 'FOREVER') && !a.negated) return global ? part('defaultTimeout: null (disabled)', (s) => (s.defaultTimeoutMs = null)) : part('timeout: null (disabled)', (s) => (s.timeoutMs = null));
      // "without its own timeout", "no timeout field": the field is left out, the command inherits ("without a timeout" may mean timeout: null too; not read).
      // "has no timeout set", "no timeout is specified": nothing written for it, the field left out.
      const saidUnset = a.tokens.some((t) => t.kind === 'word' && /^(set|specified|declared|configured)$/i.test(t.text));
      if (a.negated && !global && (a.has('OWN', 'CONFIG') || keys.includes('timeout') || saidUnset)) return part('no timeout field (inherited)', (s) => (s.omitTimeout = true));
      return null;
    },
  },
  {
    // "neither the stop section nor the command sets a timeout", "neither defaultTimeout nor timeout is given".
    // "neither the command nor the section sets a timeout", "… says anything about timeouts".
    name: 'no timeout anywhere',
    needs: [['NOT'], ['TIMEOUT', 'E:key']],
    allows: ['DEFAULT', 'BUILTIN', 'OWN', 'E:quoted', 'APPLY', 'MENTION', 'ABOUT'],
    build(a) {
      const keys = a.entities('key').map((k) => k.name);
      const quoted = a.entities('quoted');
      if (keys.some((k) => k !== 'timeout' && k !== 'defaultTimeout') || quoted.length > 1) return null;
      const negations = a.tokens.filter((t) => t.kind === 'word' && t.concepts.includes('NOT')).length;
      const bothLevels = (keys.includes('defaultTimeout') || a.has('DEFAULT')) && (keys.includes('timeout') || a.has('OWN'));
      if (negations < 2 && !bothLevels) return null;
      const run = quoted[0]?.text;
      return part(`${run ? `run \`${run}\`; ` : ''}no defaultTimeout and no timeout field (the built-in default applies)`, (s) => {
        if (run) s.run = run;
        s.omitTimeout = true;
        s.defaultTimeout = undefined;
        s.defaultTimeoutMs = undefined;
      });
    },
  },
  {
    name: 'a line limit',
    needs: [['E:count', 'E:number'], ['LIMITED', 'AT_MOST', 'TIMEOUT', 'E:key']],
    allows: ['OUTPUT', 'E:stream', 'EACH', 'PER_STREAM', 'SET', 'OWN', 'SHOWN'],
    build(a) {
      const keys = a.entities('key').map((k) => k.name);
      const counts = a.entities('count').filter((c) => c.unit === 'line');
      const numbers = a.entities('number');
      if (keys.some((k) => k !== 'maxOutputLines') || a.negated || a.entities('stream').length > 0) return null;
      // A key with a bare number is a field value (the rule below).
      const n = counts.length === 1 && numbers.length === 0 ? counts[0].n : null;
      if (n === null) return null;
      return part(`maxOutputLines = ${n}`, (s) => (s.fields.maxOutputLines = n));
    },
  },
  {
    name: 'what it prints',
    needs: [['E:count'], ['WRITE', 'OUTPUT']],
    allows: ['E:stream', 'EACH', 'PER_STREAM', 'SHOWN'],
    build(a) {
      const counts = a.entities('count');
      if (counts.length !== 1 || counts[0].unit !== 'line' || a.negated || (!a.has('WRITE') && a.has('SHOWN'))) return null;
      const n = counts[0].n;
      const streams = streamsOf(a);
      return part(streams.map((stream) => `prints ${n} lines on ${stream}`).join(', '), (s) => s.prints.push(...streams.map((stream) => ({ stream, n }))));
    },
  },
  {
    // "writes "done"", "prints `ready` to stderr": a line of text it prints.
    name: 'a text it prints',
    needs: [['WRITE'], ['E:quoted']],
    allows: ['E:stream', 'OUTPUT', 'AFTER', 'FIRST'],
    build(a) {
      const quoted = a.entities('quoted');
      const verb = a.tokens.findIndex((t) => t.kind === 'word' && t.concepts.includes('WRITE'));
      const at = a.tokens.findIndex((t) => t.kind === 'entity' && t.entity.type === 'quoted');
      const streams = a.entities('stream').map((x) => x.name);
      // The quoted text after the verb is what it prints; before it, it is the command ("`echo hi` prints to stdout").
      if (quoted.length !== 1 || at < verb || a.negated || streams.length > 1 || /[\n'"`$\\]/.test(quoted[0].text)) return null;
      // "writes its output to `out.txt`", "is written to `c.yaml`", "writes into the file `x`": where it writes, not what.
      if (/^(to|into|as|under)$/i.test(wordOf(a.tokens[at - 1] ?? a.tokens[at]) ?? '') || namedAsFile(a, a.tokens[at])) return null;
      const stream = streams[0] ?? 'stdout';
      return part(`prints "${quoted[0].text}" on ${stream}`, (s) => s.says.push({ stream, text: quoted[0].text }));
    },
  },
  {
    // "stdout is hidden", "stderr is shown": the stream's show flag.
    name: 'a stream hidden or shown',
    needs: [['E:stream', 'PER_STREAM'], ['HIDE', 'REVEAL', 'SHOWN']],
    allows: ['CONFIG', 'OUTPUT'],
    build(a) {
      // "both streams are hidden": stdout and stderr.
      const both = a.entities('stream').length === 0 && a.tokens.some((t) => t.kind === 'word' && /^(both|all|each|every)$/i.test(t.text)) && a.tokens.some((t) => t.kind === 'word' && /^streams$/i.test(t.text));
      if (a.entities('stream').length === 0 && !both) return null;
      const streams: StreamName[] = both ? ['stdout', 'stderr'] : [...new Set(a.entities('stream').map((x) => x.name))];
      const hide = a.has('HIDE') && !a.has('REVEAL', 'SHOWN');
      const show = a.has('REVEAL', 'SHOWN') && !a.has('HIDE');
      if (hide === show) return null;
      const value = hide === !a.negated ? false : true;
      const keys = streams.map((x) => (x === 'stdout' ? 'showStdout' : 'showStderr'));
      return part(keys.map((k) => `${k}: ${value}`).join('; '), (s) => {
        for (const k of keys) s.fields[k] = value;
      });
    },
  },
  {
    name: 'how it takes SIGTERM',
    needs: [['IGNORE', 'HANDLE'], ['E:signal', 'SIGNAL', 'TERMINATE']],
    allows: ['COMPLETE', 'EXIT', 'REMOVE', 'GRACEFUL', 'AFTER', 'SUCCEED', 'SLEEP'],
    build(a) {
      const signals = a.entities('signal').map((s) => s.name);
      if (signals.some((s) => s !== 'SIGTERM') || a.negated) return null;
      if (a.has('IGNORE') && !a.has('COMPLETE', 'EXIT', 'REMOVE', 'SUCCEED')) return part('ignores SIGTERM', (s) => {
        s.ignoresTerm = true;
        s.sleepMs ??= 'long';
      });
      if (a.has('HANDLE')) return part('handles SIGTERM and exits 0', (s) => {
        s.handlesTerm = true;
        s.sleepMs ??= 'long';
      });
      return null;
    },
  },
  {
    name: 'how long it runs',
    needs: [['SLEEP', 'FOREVER', 'ELAPSED', 'TIMED_OUT', 'COMPLETE', 'END']],
    allows: ['E:duration', 'TIMEOUT', 'AT_MOST', 'AT_LEAST', 'ABOUT', 'OWN', 'TIME_WORD', 'AFTER'],
    build(a) {
      const durations = a.entities('duration');
      if (durations.length > 1 || a.negated) return null;
      if (durations.length === 1 && !a.has('TIMEOUT') && !a.has('AT_MOST', 'AT_LEAST') && a.has('SLEEP', 'ELAPSED', 'END'))
        return part(`runs for ${showDuration(durations[0].ms)}`, (s) => (s.sleepMs = durations[0].ms));
      if (durations.length === 0 && (a.has('FOREVER') || (a.has('SLEEP') && !a.has('COMPLETE')) || (a.has('TIMED_OUT') && a.has('TIMEOUT'))))
        return part('runs past its timeout', (s) => (s.sleepMs = 'long'));
      if (durations.length === 0 && a.has('COMPLETE') && a.has('TIMEOUT') && a.has('AT_MOST')) return part('ends well within its timeout', (s) => (s.sleepMs = undefined));
      return null;
    },
  },
  {
    name: 'how it exits',
    needs: [['EXIT', 'FAIL', 'SUCCEED']],
    allows: ['E:number', 'COMPLETE', 'END', 'AFTER', 'GRACEFUL', 'TIME_WORD'],
    build(a) {
      const numbers = a.entities('number');
      if (a.negated || numbers.length > 1) return null;
      if (numbers.length === 1 && a.has('EXIT') && !a.has('FAIL', 'SUCCEED')) return part(`exits with ${numbers[0].n}`, (s) => (s.exitCode = numbers[0].n));
      // "fails with exit code 2"
      if (numbers.length === 1 && numbers[0].n !== 0 && a.has('EXIT') && a.has('FAIL') && !a.has('SUCCEED')) return part(`exits with ${numbers[0].n} (fails)`, (s) => (s.exitCode = numbers[0].n));
      if (numbers.length === 0 && a.has('FAIL') && !a.has('SUCCEED')) return part('exits with 1 (fails)', (s) => {
        s.exitCode = 1;
        s.fails = true;
      });
      if (numbers.length === 0 && (a.has('SUCCEED') || (a.has('EXIT') && a.has('GRACEFUL'))) && !a.has('FAIL')) return part('exits with 0 (succeeds)', (s) => (s.exitCode = 0));
      return null;
    },
  },
  {
    name: 'a field value',
    needs: [['E:key'], ['E:number', 'E:quoted', 'E:duration', 'E:count', 'HIDE', 'REVEAL', 'DISABLE', 'E:path', 'NOT']],
    allows: ['SET', 'OWN', 'DEFAULT', 'APPLY', 'TIMEOUT', 'LIMITED', 'OUTPUT', 'PATH', 'RELATIVE', 'ABSOLUTE'],
    build(a) {
      const keys = a.entities('key');
      const values = a.tokens.filter((t) => (t.kind === 'entity' && t.entity.type !== 'key') || (t.kind === 'word' && (t.concepts.some((c) => c === 'HIDE' || c === 'REVEAL' || c === 'DISABLE') || /^none$/i.test(t.text))));
      const word = values.length === 1 ? wordOf(values[0]) : null;
      if (keys.length !== 1 || values.length !== 1 || (a.negated && word !== 'none')) return null;
      const key = keys[0].name;
      // A duration for a timeout is the timeout rule's (it may be fractional, which YAML text is not).
      if ((key === 'timeout' || key === 'defaultTimeout') && values[0].kind === 'entity' && values[0].entity.type === 'duration' && !a.entities('quoted').length) return null;
      // "none" is a value of its own for a text field (network: none), and no limit for a timeout.
      const timeoutKey = key === 'timeout' || key === 'defaultTimeout';
      const value = word === 'none' ? (timeoutKey ? null : 'none') : values[0].kind === 'word' && values[0].concepts.includes('DISABLE') && !values[0].concepts.includes('HIDE') ? null : valueOf(values[0]);
      return part(`${key}: ${stringify(value).trim()}`, (s) => {
        if (key === 'defaultTimeout') s.defaultTimeout = value;
        else if (key === 'image') {
          s.image = String(value);
          s.context = 'docker';
        } else if (key === 'run') s.run = String(value);
        else s.fields[key] = value;
      });
    },
  },
  {
    // "no maxOutputLines is configured", "without a memory limit": the field left out of the command.
    name: 'a field left out',
    needs: [['E:key'], ['NOT']],
    allows: ['SET', 'APPLY', 'OWN'],
    build(a) {
      const keys = a.entities('key').map((k) => k.name);
      // "network set to none": a value, not the field left out.
      const none = a.tokens.some((t) => t.kind === 'word' && /^none$/i.test(t.text));
      if (none || keys.length !== 1 || keys[0] === 'timeout' || keys[0] === 'defaultTimeout' || a.tokens.some((t) => t.kind === 'entity' && t.entity.type !== 'key')) return null;
      // "the workdir is not in the image": a negation whose object is a place the clause after names (what the image holds), never the field left out.
      const last = a.tokens.at(-1);
      if (last?.kind === 'word' && last.concepts.includes('NOT')) return null;
      const key = keys[0];
      // "runs with no network": a container with none, which YAML says `network: none`; never the field left out, which gives the engine's default network.
      if (key === 'network') return null;
      // "a second entry with no `run:`": the interpreter writes it no command line.
      if (key === 'run') return part('no run field', (s) => {
        s.run = undefined;
        s.only = true;
      });
      return part(`no ${key} field`, (s) => {
        s.fields[key] = undefined;
        if (key === 'image') {
          s.image = undefined;
          s.context = 'host';
        }
      });
    },
  },
  {
    // "with NODE_ENV set to production", "FOO in its environment", "with NODE_ENV=production": the assignment, written so, says it alone.
    name: 'an environment variable',
    needs: [['E:variable']],
    allows: ['E:quoted', 'E:path', 'E:number', 'ENVIRONMENT'],
    build(a) {
      const [variable] = a.entities('variable');
      const values = a.tokens.filter((t) => t.kind === 'entity' && t.entity.type !== 'variable');
      if (a.entities('variable').length !== 1 || values.length !== 1 || a.negated) return null;
      const at = a.tokens.findIndex((t) => t.kind === 'entity' && t.entity.type === 'variable');
      if (!a.has('SET', 'ENVIRONMENT') && a.tokens[at + 1] !== values[0]) return null;
      return part(`env ${variable.name}=${values[0].text}`, (s) => (s.fields.env = { ...(s.fields.env as object), [variable.name]: values[0].text }));
    },
  },
  {
    name: 'the working directory',
    needs: [['WORKDIR'], ['E:path', 'E:quoted']],
    allows: ['SET', 'PATH', 'RELATIVE', 'ABSOLUTE'],
    build(a) {
      const values = a.tokens.filter((t) => t.kind === 'entity');
      if (values.length !== 1 || a.negated || namedAsFile(a, values[0])) return null;
      // "run with the option `--log audit/x.jsonl`, the directory `audit` not yet existing": an option of the executor's
      // command line is never a directory's name, whatever directory the sentence speaks of.
      if (/^-/.test(values[0].text)) return null;
      // "a directory `sub`" names a directory; it is the working one only when said to be ("works in", "its directory is set to").
      const plain = a.tokens.every((t) => !(t.kind === 'word' && t.concepts.includes('WORKDIR')) || /^(directory|folder)$/i.test(t.text));
      if (plain && !a.has('SET', 'RUNS')) return null;
      // "in a folder that holds `b.txt`": what the directory holds, never its name.
      const dirAt = a.tokens.findIndex((t) => t.kind === 'word' && t.concepts.includes('WORKDIR'));
      const valueAt = a.tokens.indexOf(values[0]);
      if (a.tokens.slice(dirAt + 1, valueAt).some((t) => /^(holds?|held|contains?|contained|has|have|had|keeps?|stores?|carries|includes?|containing|holding)$/i.test(t.text))) return null;
      return part(`workdir: ${values[0].text}`, (s) => (s.fields.workdir = values[0].text));
    },
  },
  {
    name: 'a memory limit',
    needs: [['MEMORY'], ['E:quoted', 'E:duration', 'E:number']],
    allows: ['TIMEOUT', 'LIMITED', 'SET', 'AT_MOST'],
    build(a) {
      const values = a.tokens.filter((t) => t.kind === 'entity');
      if (values.length !== 1 || a.negated || !/^\d+[bkmg]?$/i.test(values[0].text.replace(/\s/g, ''))) return null;
      const memory = values[0].text.replace(/\s/g, '');
      return part(`memory: ${memory}`, (s) => {
        s.fields.memory = memory;
        s.context ??= 'docker';
      });
    },
  },
  {
    // "runs as user nobody", "the container runs as user 1000", "runs as root": a name right after "runs as" is the user, never a command line.
    name: 'the user it runs as',
    needs: [['USER', 'RUNS'], ['E:quoted', 'E:number']],
    allows: ['SET', 'CONTAINER'],
    build(a) {
      const values = a.tokens.filter((t) => t.kind === 'entity');
      // A user is a name or an id (`nobody`, `1000:1000`): a text with spaces ("a developer invokes `npx spec-run exec c.yaml`") is none.
      if (values.length !== 1 || a.negated || !/^[\w.-]+(?::[\w.-]+)?$/.test(values[0].text)) return null;
      if (!a.has('USER') && wordOf(a.tokens[a.tokens.indexOf(values[0]) - 1] ?? values[0]) !== 'as') return null;
      // "the container runs as user 1000": a container's user.
      const docker = a.has('CONTAINER');
      return part(`user: ${values[0].text}${docker ? ' (in a container)' : ''}`, (s) => {
        s.fields.user = values[0].text;
        if (docker) s.context ??= 'docker';
      });
    },
  },
  {
    name: 'its failure message',
    needs: [['MESSAGE'], ['E:quoted']],
    allows: ['SET', 'FAIL', 'SHOWN'],
    build(a) {
      const values = a.entities('quoted');
      // The `message:` field said as a message ("a failure message `…`"); "a file holds the text `x`", "the report `x`" set no field.
      const saidMessage = a.tokens.some((t) => t.kind === 'word' && t.concepts.includes('MESSAGE') && /message|explanation|feedback/i.test(t.text));
      if (values.length !== 1 || a.negated || !saidMessage) return null;
      return part(`message: ${values[0].text}`, (s) => (s.fields.message = values[0].text));
    },
  },
  {
    name: 'a command',
    needs: [['COMMAND', 'HOOK', 'CONFIG', 'RUNS']],
    allows: [],
    build: (a) => (a.negated ? null : part('a command', () => {})),
  },
];

/** A rule of a command's field that may say it is the container's ("the container's working directory is /opt"): then the command runs in one. */
function containerMay(rule: Rule<SetupPart>): Rule<SetupPart> {
  return {
    ...rule,
    allows: [...rule.allows, 'CONTAINER'],
    build(a) {
      const read = rule.build(a);
      if (!read || !a.has('CONTAINER')) return read;
      return part(`${read.text} (in a container)`, (s) => {
        read.apply(s);
        s.context ??= 'docker';
      });
    },
  };
}

const FIELDS_OF_A_CONTAINER = new Set(['a field value', 'the working directory', 'a memory limit', 'an environment variable']);

/**
 * A rule that may be said of one command of several, by its place ("the second command
 * exits with 3", "the first entry sets `showStdout: "yes"`"): it then sets that command
 * alone. "only" beside a place says the entry holds nothing else, not even a run.
 */
function placed(rule: Rule<SetupPart>): Rule<SetupPart> {
  return {
    ...rule,
    allows: [...rule.allows, 'E:ordinal', 'EXACTLY'],
    build(a) {
      const ordinals = a.entities('ordinal');
      const only = a.tokens.filter((t) => t.kind === 'word' && t.concepts.includes('EXACTLY'));
      // "its only command is `x`": the one command there is, the first.
      const soleCommand = only.length === 1 && /^only$/i.test(only[0].text) && a.tokens[a.tokens.indexOf(only[0]) + 1]?.kind === 'word' && (a.tokens[a.tokens.indexOf(only[0]) + 1] as { concepts: string[] }).concepts.includes('COMMAND');
      if (ordinals.length === 0 && soleCommand) {
        const read = rule.build(args(a.tokens.filter((t) => t !== only[0])));
        return read && part(`${read.text} (the only command)`, read.apply);
      }
      if (ordinals.length === 0) return only.length > 0 ? null : rule.build(a);
      const [place] = ordinals;
      if (ordinals.length > 1 || place.of !== 'command' || place.index === 'last' || only.some((t) => !/^only$/i.test(t.text))) return null;
      const index = place.index;
      const read = rule.build(args(a.tokens.filter((t) => !(t.kind === 'entity' && t.entity.type === 'ordinal') && !only.includes(t))));
      if (!read || (only.length > 0 && rule.name === 'a command')) return null;
      return part(`command ${index + 1}: ${read.text}${only.length > 0 ? ' (and nothing else: no run)' : ''}`, (s) => {
        const own = ((s.byCommand ??= [])[index] ??= emptySetup());
        read.apply(own);
        if (only.length > 0) own.only = true;
        s.lastCommand = index;
      });
    },
  };
}

/** Rules of spec-run exec's run as a whole: a place they name ("after the second command started") is when, not which command. */
const OF_THE_RUN = new Set(['spec-run exec interrupted']);

const READ_RULES = RULES.map((rule) => (OF_THE_RUN.has(rule.name) ? rule : placed(FIELDS_OF_A_CONTAINER.has(rule.name) ? containerMay(rule) : rule)));

const ORDINAL_WORDS = ['first', 'second', 'third', 'fourth', 'fifth'];

/**
 * Several commands in one sentence: "another" is the command after the last one named
 * by its place (the first, when none was: "a command … , another …"), and a place said
 * without its noun ("a third sets …") is a command's. Both are written as "the N command".
 */
function namedPlaces(sentence: string): string {
  let last = 0;
  // Without its noun, a place is a command's only before a verb that says what a command has or does ("a third sets"), not "the first line".
  const bare = String.raw`(?=\s+(?:sets|has|runs|uses|names|declares|gives|exits|prints|writes|leaves|omits|sleeps|ignores|asks|caps|brings|keeps|hides|shows|lists|carries)\b|'s\b)`;
  // A setting in code marks before the noun ("a second `image: alpine` command") is that command's.
  // "another `whoami` uses …": "another" right before a command line in code marks is the next command, running it.
  const place = new RegExp(String.raw`\b(?:(another)|(?:a|the) (first|second|third|fourth|fifth))\b(?:(\s+\`[A-Za-z_]+:[^\`]*\`)?(\s+(?:command|one|entry|stop command)s?\b)|${bare}|(?<=another)(?=\s+\`(?![A-Za-z_]+:)[^\`]+\`))`, 'gi');
  return sentence.replace(place, (whole, another: string | undefined, ordinal: string | undefined, setting: string | undefined, noun: string | undefined) => {
    const index = another ? last + 1 : ORDINAL_WORDS.indexOf((ordinal ?? '').toLowerCase());
    if (index >= ORDINAL_WORDS.length) return whole;
    last = Math.max(last, index);
    return `the ${ORDINAL_WORDS[index]} ${noun ? noun.trim() : 'command'}${setting ? ` with ${setting.trim()}` : ''}`;
  });
}

/** Slots any When clause may carry: the command as subject, the configuration, running it. */
const UNIVERSAL = ['COMMAND', 'HOOK', 'CONFIG', 'RUNS', 'SET', 'EACH', 'USER', 'FILLER'];

/** A time said in words or digits, with its unit: "two seconds", "1.5 s", "half a second". */
const SPOKEN_TIME = String.raw`(?:about\s+|roughly\s+|around\s+)?(?:\d+(?:\.\d+)?|[a-z]+(?:-[a-z]+)?|half\s+a)\s+(?:seconds?|s|ms|milliseconds?|minutes?)`;

/**
 * "sends SIGINT to spec-run exec two seconds into the first command", "… into its only command", "is sent
 * SIGTERM about two seconds in": a time "into" a command is after that command started, a time "in" said
 * alone after spec-run exec started, as "after" says it.
 */
function timeInto(sentence: string): string {
  return sentence
    .replace(new RegExp(String.raw`\b(${SPOKEN_TIME})\s+into\s+(?:the|its)\s+(first|second|third|fourth|fifth|last|only)\s+(?:command|one)\b`, 'gi'), (_w, time: string, which: string) => `${time} after the ${which.toLowerCase() === 'only' ? 'first' : which.toLowerCase()} command started`)
    .replace(new RegExp(String.raw`\b(${SPOKEN_TIME})\s+in(?=\s*(?:[,;.:]|$))`, 'gi'), '$1 after it started');
}

/** Reads a When sentence (a WHEN bullet, or the condition before a YAML block) as the setup parts of its clauses. */
/**
 * "`timeout: " 30s"`, with a space before the number": a remark on how a quoted value is spelled, which the
 * value itself shows, sets nothing; taken off where the quoted value holds what it names (a space, a tab, a quote).
 */
function withoutSpellingNote(said: string): string {
  const note = /,\s*(?:with|without)\s+(?:an?\s+|no\s+|one\s+|two\s+)?(?:leading\s+|trailing\s+|stray\s+|extra\s+)?(spaces?|blanks?|tabs?|quotes?|whitespace)(?:\s+(?:before|after|around|between|in(?:side)?)\s+(?:the|its)\s+(?:number|unit|value|text|digits?|duration))?\s*\.?$/i.exec(said);
  if (!note) return said;
  // The value of a `key: value` span, not the space after its colon.
  const quoted = [...said.slice(0, note.index).matchAll(/`([^`]*)`/g)].map((m) => m[1].replace(/^[\w.-]+:\s/, ''));
  const shows = { s: /\s/, b: /\s/, t: /\t/, q: /["']/, w: /\s/ }[note[1][0].toLowerCase() as 's' | 'b' | 't' | 'q' | 'w'];
  return quoted.some((value) => shows.test(value)) ? said.slice(0, note.index) : said;
}

/**
 * "`site` holds a directory `sub`", "and `out/` contains a file `a.txt`": a name in code marks holding a file or a
 * directory is a directory, said as one ("the directory `site` holds …"); read word by word, the name was a command.
 * A configuration file's name (`x.yaml`) is left to the rules of the configuration.
 */
function quotedHolder(sentence: string): string {
  return sentence.replace(
    /(^|,\s*|\band\s+|\bwhile\s+)`((?![^`]*\.ya?ml`)[\w-][\w.-]*(?:\/[\w-][\w.-]*)*)\/?`\s+(holds|contains|has)\s+(?=(?:an?\s+|the\s+|two\s+|three\s+)?(?:empty\s+)?(?:sub-?)?(?:director(?:y|ies)|folders?|files?)\b)/gi,
    (_w, lead: string, name: string, verb: string) => `${lead}the directory \`${name}\` ${verb} `,
  );
}

export function readWhen(said: string): Reading<SetupPart> {
  const reading = readWhenSaid(said);
  if (reading.ok) return reading;
  // A record's setup in labelled or imperative sentences ("… holds only `x.yaml` as below. Launch from …: `…`"): said
  // again in the words the rules read, and read so whole, or left with what the sentence as written was not read for.
  const labelled = labelledSetup(said);
  if (labelled === null) return reading;
  const again = readWhenSaid(labelled);
  return again.ok ? { ...again, rules: ['a setup in a record\'s sentences', ...again.rules] } : reading;
}

function readWhenSaid(said: string): Reading<SetupPart> {
  // The whole setup in one sentence (the place, its configuration file, the launch): the file read there, the launch and what follows by the rules.
  const whole = wholeSetup(said);
  if (whole) {
    const rest = readWhen(whole.rest);
    if (!rest.ok) return rest;
    // The file is said whole: what the rest sets of a command or of the configuration would be said twice, or of which command not said.
    const configured = rest.parts.filter((p) => setsConfiguration(p));
    if (configured.length > 0) return { ok: false, notUnderstood: configured.map((p) => p.text), reason: 'the configuration file is said whole, and the sentence sets more of it after its launch' };
    return { ok: true, parts: [...whole.parts, ...rest.parts], rules: ['the whole setup in one sentence', ...rest.rules] };
  }
  // The project's entries said in the words the facts read before anything is taken of the sentence (spec-run exec's start takes absences too).
  const written = quotedHolder(timeInto(inMomentWords(inSignalSaid(inRunWords(inLogPlaceWords(withoutSpellingNote(/--project\b/.test(said) ? said : treeEntriesSaid(said))))))));
  // spec-run exec's command line written out (bare, through its bin, with variables assigned before it): in the forms read below.
  const rewritten = invocationLinesRewritten(written);
  if (rewritten === false) return { ok: false, notUnderstood: [written], reason: 'a variable given two values for spec-run exec\'s environment' };
  const sentence = rewritten ?? written;
  // A command line of spec-run exec written out is how spec-run exec is started, never a command of the configuration:
  // read as the invocation, with the rest by the rules, or not at all.
  const first: Reading<SetupPart> = rewritten === null ? readWhenClauses(sentence) : { ok: false, notUnderstood: [], reason: 'spec-run exec\'s command line, and the rest, not read' };
  if (first.ok) return first;
  // Said with how spec-run exec itself is started: that is read, and the rest by the rules (all of it, or nothing is read).
  const taken = takeInvocation(sentence);
  if (!taken) return first;
  if (taken.rest === '') return { ok: true, parts: taken.parts, rules: ['spec-run exec started'] };
  if (projectLeftOpen(sentence, taken.rest)) return first;
  const rest = readWhenClauses(taken.rest);
  return rest.ok ? { ok: true, parts: [...taken.parts, ...rest.parts], rules: ['spec-run exec started', ...rest.rules] } : first;
}

function readWhenClauses(sentence: string): Reading<SetupPart> {
  const reading = readClauses(sentence);
  // Two different command lines said of no command in particular: which is which is not said, and one would overwrite the other.
  const runs = reading.ok ? new Set(reading.parts.map((p) => /^run `(.*)`/.exec(p.text)?.[1]).filter((run) => run !== undefined)) : new Set();
  if (runs.size > 1) return { ok: false, notUnderstood: [...runs].map(String), reason: 'several command lines, and not which command runs which' };
  // "…, the first command `a` has `timeout: 1s`": a command's setting after a command named by its place, said of
  // no command in particular, may be that one's or every command's; which is not said.
  const placedAt = reading.ok ? reading.parts.findIndex((p) => /^command \d+: /.test(p.text)) : -1;
  const unplaced = placedAt < 0 || !reading.ok ? undefined : reading.parts.slice(placedAt + 1).find((p) => !/^command \d+: /.test(p.text) && setsACommand(p));
  if (unplaced) return { ok: false, notUnderstood: [unplaced.text], reason: 'a setting said after a command by its place, and not of which command' };
  // "memory: 512m on a command without an image, and memory: 4m on a command with one": one field given two values, said of
  // no command by its place, is two commands said apart, or a contradiction; either way not one command whose last value wins.
  const twice = reading.ok ? fieldSaidTwice(reading.parts.filter((p) => !/^command \d+: /.test(p.text))) : null;
  if (twice) return { ok: false, notUnderstood: twice, reason: 'one field given two values, and not of which command' };
  // "the image is unavailable" is said of the image the sentence names; with none named, of nothing set up.
  if (reading.ok && reading.parts.some((p) => p.text.startsWith(IMAGE_SAID_UNAVAILABLE))) {
    const setup = emptySetup();
    for (const p of reading.parts) p.apply(setup);
    if ([setup, ...(setup.byCommand ?? [])].every((s) => s?.image === undefined && typeof s?.fields.image !== 'string')) return { ok: false, notUnderstood: ['image'], reason: 'an image said unavailable, and no image named' };
  }
  return reading;
}

/** The texts of two of PARTS that give one field of a command two values, or null where none does. */
function fieldSaidTwice(parts: readonly SetupPart[]): [string, string] | null {
  const given = new Map<string, { value: string; text: string }>();
  for (const part of parts) {
    const setup = emptySetup();
    part.apply(setup);
    const said: [string, unknown][] = [...Object.entries(setup.fields), ['image', setup.image], ['context', setup.context]];
    for (const [field, value] of said) {
      if (value === undefined) continue;
      const before = given.get(field);
      if (before !== undefined && before.value !== JSON.stringify(value)) return [before.text, part.text];
      given.set(field, { value: JSON.stringify(value), text: part.text });
    }
  }
  return null;
}

/** Whether PART sets something of the configuration file (a command, a field, the stop section), not of the run's invocation, its files or its interrupt. */
function setsConfiguration(part: SetupPart): boolean {
  const setup = emptySetup();
  part.apply(setup);
  const ofTheRun = new Set(['invocation', 'interrupt', 'files', 'projectNamed', 'fields', 'prints', 'says']);
  return setsACommand(part) || Object.entries(setup).some(([key, value]) => !ofTheRun.has(key) && value !== undefined);
}

/** Whether PART sets something of a command (a field, its timeout, what it prints or does), not of the run or its files. */
function setsACommand(part: SetupPart): boolean {
  const setup = emptySetup();
  part.apply(setup);
  const { fields, prints, says, timeoutMs, omitTimeout, sleepMs, exitCode, ignoresTerm, handlesTerm } = setup;
  return Object.keys(fields).length > 0 || prints.length > 0 || says.length > 0 || [timeoutMs, omitTimeout, sleepMs, exitCode, ignoresTerm, handlesTerm].some((value) => value !== undefined);
}

/** A sentence's prose: its code spans emptied, so that a word inside a command line is never read as a word of the sentence. */
const proseOf = (sentence: string) => sentence.replace(/`[^`]*`/g, '``');

/**
 * Words a When says a configuration's parts with that the rules read as plainer ones: the
 * `stop:` key as the section it is ("the `stop:` section sets …"), "a single command" as a
 * command (one command said is one command set up; "one command of a configuration" too),
 * "a configuration's first command" as the first command, a command line in apposition
 * ("lists a command, `x`,") as the command's, "lists the command `x`" as having it.
 */
function plainParts(sentence: string): string {
  return projectFiles(noSuchName(sentence))
    .replace(/`stop:?`(?:\s+(?:section|block|mapping|key))?/gi, 'section')
    // "a configuration's first command has …": the first command, which later clauses go on speaking of.
    .replace(/\b(?:a|the|this|its) (?:configuration|config|file)'s\s+(?=(?:first|second|third|fourth|fifth|only)\b)/gi, 'the ')
    .replace(/\b(?:a single|the single|one single|just one|exactly one)\s+(?=(?:host\s+|container\s+)?(?:command|entry)\b)/gi, 'a ')
    // "one command `a` uses …, and another `b` …", "the configuration has one command `a` …, another …": the first of them.
    // What comes after is read in the prose only: "another" or "second" inside a command line in code marks is the command's.
    .replace(/(^|\b(?:has|holds|lists|contains|declares)\s+)one\s+((?:host\s+|container\s+)?command)\b/gi, (whole: string, before: string, noun: string, at: number, all: string) =>
      /\banother\b/i.test(proseOf(all.slice(at + whole.length))) ? `${before}the first ${noun}` : whole)
    // "the configuration has one command `x` …" (no other said): a command.
    .replace(/\b(has|holds|lists|contains|declares)\s+one\s+(?=(?:host\s+|container\s+)?(?:command|entry)\b)/gi, (whole: string, verb: string, at: number, all: string) =>
      /\b(?:another|second|other)\b/i.test(proseOf(all.slice(at + whole.length))) ? whole : `${verb} a `)
    // "…, both on `node:20`", "…, all three in `alpine`": where each of the commands said runs.
    .replace(/,?\s+(?:and\s+)?(?:both|all(?:\s+(?:two|three|four|of\s+them))?)\s+(?=(?:on|in|inside)\s+`)/gi, ', every command ')
    // "one command of a configuration has …": a command (a later "another" is the one after it).
    .replace(/\bone\s+((?:host\s+|container\s+)?command)\s+of\s+(?:a|the|this|its)\s+(?:configuration|config|file)\b/gi, 'the first $1')
    // "lists a host command, `echo hello`, and …": the command line in apposition is that command's, and the verb says only that it has it.
    .replace(/\b(?:lists|declares|contains|includes|holds|has)\s+(an?\s+(?:host\s+|container\s+)?command),\s+(`[^`]+`)(?=\s*(?:,|$))/gi, 'has $1 $2')
    // "is run with `--log logs/x.jsonl` in a directory that has no `logs` (subdirectory) yet", "… in a directory without `logs`":
    // where it runs, said by what it lacks: that name does not exist.
    .replace(/,?\s+(?:in|from)\s+a\s+(?:fresh\s+|new\s+|working\s+)?director(?:y)\s+(?:(?:that|which)\s+(?:has|holds|contains)\s+no|without(?:\s+an?)?)\s+(`[^`]+`)(?:\s+(?:sub-?directory|directory|folder|file))?(?:\s+(?:yet|so far))?(?=\s*(?:,|$))/gi, ', and $1 does not exist yet')
    // "where no file `x` exists": that name does not exist.
    .replace(/,?\s+where\s+no\s+(?:(?:sub-?directory|directory|folder|file)\s+)?(`[^`]+`)\s+exists\b/gi, ', and $1 does not exist')
    .replace(/\b(does|do)\s+not\s+yet\s+exist\b/gi, '$1 not exist yet')
    // "a directory `a/b` exists under the project": the project holds it.
    .replace(/^(an?\s+(?:file|directory|folder|sub-?directory|sub-?folder)\s+)?(`[^`]+`)\s+exists\s+(?:under|in|inside|within)\s+the\s+project(?:\s+(?:directory|folder))?$/i, 'the project directory holds $1$2')
    // "the project folder (the folder of the configuration file)": the aside says what the project is, where no `--project` names another.
    .replace(/\s*\((?:that\s+is,?\s+|i\.e\.,?\s+)?(?:the|its)\s+(?:folder|directory)\s+of\s+the\s+configuration(?:\s+file)?\)/gi, '')
    // "the directory `audit` not yet existing": an absolute clause, that it does not exist.
    .replace(/(`[^`]+`)\s+not\s+(?:yet\s+)?existing(?:\s+yet)?(?=\s*(?:,|$))/gi, '$1 does not exist yet')
    // "with the option `--log x`": the option named so is the option as written.
    .replace(/\b(?:the\s+)?option\s+(?=`--)/gi, '')
    // "`spec-run exec hook.yaml` runs a `hook.yaml` whose …", "… reads `stop:` with …": the file it is given, named again, is the configuration it runs.
    // Started through a package runner (`npx spec-run exec …`), it is the same executor.
    .replace(new RegExp(String.raw`(\`${RUNNER}spec-run\s+exec\s+(?:[^\`]*\s)?([\w./-]+\.ya?ml)(?:\s[^\`]*)?\`)\s+(?:runs|reads|loads|parses)\s+(?:(?:a|the)\s+)?(?:\`([\w./-]+\.ya?ml)\`|(?=section\b))`, 'gi'), (whole: string, invocation: string, file: string, again: string | undefined) =>
      again === undefined || again === file ? `${invocation} runs a ${again === undefined ? '' : 'configuration'}` : whole)
    // "lists `- run: "exit 3"` with …", "contains `run: echo hi`": a command's entry written as its YAML (a list item, or listed) is that command,
    // as its block would make it ("has `run: x`" is the field, read as such).
    .replace(/\b(?:(?:lists|has|holds|contains|declares|includes)\s+(?:an?\s+(?:entry|item)\s+)?`-\s*|(?:lists|contains|declares|includes)\s+(?:an?\s+(?:entry|item)\s+)?`)run:\s*(?:"([^"`]*)"|'([^'`]*)'|([^"'`\s][^`]*))`/gi, (_w: string, double?: string, single?: string, plain?: string) => `has a command \`${double ?? single ?? plain}\``)
    // "spec-run runs a config of `a` followed by `b`", "the commands are `a`, `b` and `c`": the commands it lists, as listed.
    .replace(/\b(runs|executes)\s+(?:a|the|its)\s+(?:config|configuration)\s+(?:of|with|listing)\s+(?=`)/gi, '$1 ')
    .replace(/^(?:the|its)\s+commands\s+are\s+(?=`)/i, 'the configuration has the commands ')
    // "a configuration asks for `timeout: 2s`": it sets it.
    .replace(/\basks?\s+for\s+(?=`[A-Za-z_]+\s*:)/gi, 'sets ')
    // "`stop.commands` holds …": the configuration's list of commands, which is the configuration's.
    .replace(/`stop\.commands:?`(?:\s+(?:list|array|key|section))?/gi, 'the configuration')
    // "`spec-run exec` is given `x.yaml`": its configuration file, as if written on its command line.
    .replace(/(?:`spec-run(?:\s+exec)?`|\bspec-run\s+exec)\s+is\s+(?:given|run on|started on)\s+`([\w./-]+\.ya?ml)`/gi, '`spec-run exec $1` is run')
    // "a command names `image: x`", "names the image `x`": it has that setting.
    // "the command names `node:20`", "uses `alpine:3.19`": a reference with a tag, and no space, named so is its image, never a command line.
    .replace(/\b(?:names|uses)\s+(?:the\s+image\s+)?`(?!(?:run|timeout|defaultTimeout|maxOutputLines|showStdout|showStderr|keepOutput|image|workdir|memory|cpus|network|user|message|env):)([a-z0-9][\w.\/-]*:[\w.-]+)`/gi, 'has `image: $1`')
    .replace(/\bnames\s+(?=`[A-Za-z_]+\s*:|the\s+image\s+`)/gi, 'has ')
    // "prints its memory limit with `cat …`", "lists its network interfaces using `ip link`": what the command line does, said before it; the command line is the setup.
    .replace(/\b(?:prints|lists|shows|outputs|displays|reports|reads)\s+(?:its|the)\s+(?:[A-Za-z-]+\s+){0,2}(?:limits?|quota|interfaces|id|ids|variables?|settings?)\s+(?:with|using|via|by\s+running)\s+(?=`)/gi, 'runs ')
    // "…, an image that is not on the machine, and no registry is reachable", "…, which no registry holds": the image named cannot be had.
    .replace(IMAGE_UNAVAILABLE, ', and the image is unavailable')
    // "`spec-run exec` is started with `--log x`": the executor named in code marks is the executor, as when written plainly.
    .replace(/`spec-run(?:\s+exec)?`/g, 'spec-run exec')
    // "a host command ignores SIGTERM and …": where it runs, then what it does, each a clause of its own.
    .replace(/\b(?:a|one|the) host command (?=(?:ignores|traps|catches|handles|prints|writes|sleeps|exits|outputs)\b)/gi, 'a host command, and a command ')
    // "the first of two commands has …, and the second …": the first command, where the sentence goes on to speak of each of the two.
    .replace(/\bthe (first|second|third) of (?:the )?(two|three|four) commands\b/gi, (whole: string, place: string, count: string) =>
      PLACE_WORDS.slice(0, COUNT_WORDS[count.toLowerCase()]).every((p) => p === place.toLowerCase() || new RegExp(`\\b${p}\\b`, 'i').test(sentence)) ? `the ${place} command` : whole)
    // "lists the host command `echo hi`": a verb of listing one command says that it has it.
    .replace(/\b(?:lists|declares|contains|includes|holds)\s+(?:a|an|the)\s+((?:host\s+|container\s+)?command)\s+(?=`)/gi, 'has a $1 ');
}

/**
 * "a host command sets `workdir: nowhere` and the project has no such directory", "… `--log none.jsonl` in
 * a directory where no such file exists", "is given `nonexist.yaml` and no such file exists": "no such"
 * names the name said last, the value of the code span just before it (of a `key: value`, of an option, of
 * spec-run exec's configuration file), never a command line the sentence runs. That name does not exist.
 * The sentence as it is where the span before names no file.
 */
function noSuchName(sentence: string): string {
  const noSuch = /(?:,?\s+(?:and|where|in\s+a\s+directory\s+where)\s+no\s+such\s+(?:sub-?directory|directory|folder|file)\s+exists|\s+and\s+(?:the\s+)?(?:(?:configuration(?:\s+file)?(?:'s)?|project)\s+)?(?:directory|project)\s+(?:has|holds|contains)\s+no\s+such\s+(?:sub-?directory|directory|folder|file))(?=\s*(?:,|$))/i;
  const found = noSuch.exec(sentence);
  if (!found) return sentence;
  // A command line ("runs `pwd`") names no file: "no such" is about the name said before it.
  const before = sentence.slice(0, found.index);
  const spans = [...before.matchAll(/`([^`]+)`/g)].filter((m) => !/\b(?:runs|running|run|executes|executing|command)\s+$/i.test(before.slice(0, m.index))).map((m) => m[1]);
  const last = spans.at(-1) ?? '';
  const name = (/^[A-Za-z_]\w*\s*:\s*"?([^"]*)"?$/.exec(last) ?? /--(?:log|project)[\s=](\S+)/.exec(last) ?? /^spec-run\s+exec\s+(\S+)$/.exec(last) ?? [last, last])[1];
  if (!/^[\w.-]+(\/[\w.-]+)*\/?$/.test(name) || /^\d+$/.test(name)) return sentence;
  return `${sentence.slice(0, found.index)}, and \`${name}\` does not exist${sentence.slice(found.index + found[0].length)}`;
}

/**
 * Files the project holds, in the words a When says them with: as the configuration's directory's ("the configuration
 * file's directory also holds a file `a`", "a configuration file sits in a project directory that also holds …": the
 * project is that directory where no `--project` is given), a subdirectory, a file in a directory ("a directory `sub`
 * containing a file `a.txt`": `sub/a.txt`), and what a file holds said as its line or word ("containing the line
 * `hello`", "whose only line is `marker`": that text, as a line of its own).
 */
function projectFiles(sentence: string): string {
  if (/--project\b/.test(sentence)) return sentence;
  return treeEntriesSaid(sentence)
    .replace(/\b(?:the|its)\s+(?:configuration|config)(?:\s+file)?'s\s+directory\b/gi, 'the project directory')
    .replace(/\ban?\s+configuration(?:\s+file)?\s+(?:sits|lies|is)\s+in\s+(?:a|the)\s+project\s+directory\s+(?:that|which)\s+(?=(?:also\s+)?(?:holds|has|contains)\b)/gi, 'the project directory ')
    .replace(/\b(the project directory)\s+also\s+(?=(?:holds|has|contains)\b)/gi, '$1 ')
    .replace(/\b(the project directory)\s+has\s+(?=an?\s+(?:sub-?directory|directory|folder|file)\s+`)/gi, '$1 holds ')
    .replace(/\b(?:sub-?directory|folder)(?=\s+`)/gi, 'directory')
    .replace(/\ba\s+directory\s+`([\w.-]+)`\s+(?:containing|holding|with)\s+a\s+file\s+`([\w.-]+)`/gi, 'a file `$1/$2`')
    .replace(/\b(file\s+`[^`]+`)\s+(?:containing\s+(?:the|a|one|a single)\s+(?:line|word)|whose\s+(?:only|single|one)\s+line\s+is|with\s+(?:the\s+|a\s+|one\s+)?(?:single\s+|only\s+)?line)\s+(?=`)/gi, '$1 containing ');
}

const IMAGE_SAID_UNAVAILABLE = 'the image is said to be on no machine and in no registry';

/** An image said to be on no machine and in no registry, in the shapes a When says it with (see plainParts). */
const IMAGE_UNAVAILABLE = new RegExp(
  [
    String.raw`,?\s+(?:an\s+image\s+(?:that|which)\s+is\s+not\s+on\s+(?:the|this)\s+machine|which\s+no\s+\S+\s+maps),?\s+(?:and|on\s+a\s+machine)\s+(?:no\s+registry\s+is\s+reachable|without\s+access\s+to\s+(?:a|any)\s+registry)`,
    String.raw`,?\s+which\s+no\s+registry\s+(?:holds|has|provides|can\s+provide)`,
    String.raw`\s+on\s+a\s+machine\s+that\s+has\s+no\s+such\s+image\s+and\s+reaches\s+no\s+registry`,
  ].join('|') + String.raw`(?=\s*(?:,|$))`,
  'gi',
);

const PLACE_WORDS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];
const COUNT_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6 };

/**
 * "lists three commands: `a` with no timeout of its own, `b` with `timeout: "10s"`, and `c`",
 * "runs two container commands with image alpine: first `a`, then `b`", "lists two commands,
 * `a` without a timeout and `b` with `timeout: "30s"`", "runs the commands `a`, `b` and `c`",
 * "lists `sleep 10` followed by `echo never`": each item of the list is a command by its place,
 * with the settings said after it and those said of them all ("the second command runs `b` in a
 * container with image alpine"). A clause after the list that does not begin with a command
 * line (", and receives SIGINT …") is said of the sentence's subject. The sentence as it is
 * where it lists no commands so, where the count is not the items', or where an item is not a
 * command line first (a `key: value` is a setting, never a command).
 */
function listedCommands(sentence: string): string {
  const verb = String.raw`^(.*?)\b(?:lists|has|holds|contains|runs|declares|defines)\s+`;
  // With the noun "commands" (and what is said of them all) before the items, or with the items right after the verb.
  const named = new RegExp(verb + String.raw`(?:the\s+)?(?:(\w+)\s+)?(host\s+|container\s+)?commands(\s+with\s+[^:,\`]*(?:\`[^\`]*\`[^:,\`]*)*?)?(?::|,)?\s+(?=\`|first\b)(.+)$`, 'i').exec(sentence);
  // With no noun, only a verb of listing or running, said of the configuration or of spec-run exec: "`/srv` holds `a` and `b`" lists files.
  const bare = named ? null : /^((?:it|(?:a|the|this|its)\s+(?:configuration|config|file|configuration file)|`?spec-run(?:\s+exec)?`?|the executor)\b.*?)\b(?:lists|runs|declares|defines)\s+(?=`)(.+)$/i.exec(sentence);
  if (!named && !bare) return sentence;
  const [, before, count, where, shared, rest] = named ?? [bare![0], bare![1], undefined, undefined, undefined, bare![2]];
  // Items are split where a comma, "and", "then" or "followed by" stands outside code marks before a command line.
  const items: string[] = [];
  let current = '';
  const pieces = rest.split(/(`[^`]*`)/);
  pieces.forEach((piece, i) => {
    if (i % 2 === 1) return void (current += piece);
    const parts = piece.split(/\s*,\s*(?:and\s+|then\s+)?(?:(?:first|then|finally|lastly)\s+)?|\s+(?:and|then|followed by)\s+(?:(?:first|then|finally|lastly)\s+)?/i);
    parts.forEach((part, k) => {
      if (k > 0) (items.push(current), (current = ''));
      current += part;
    });
  });
  items.push(current);
  const listed = items.map((item) => item.trim().replace(/^(?:first|then|finally|lastly)\s+/i, '')).filter((item) => item !== '');
  // The list ends at the first item that is no command line: the rest is a clause of the sentence's subject.
  const end = listed.findIndex((item) => !item.startsWith('`'));
  const commands = end < 0 ? listed : listed.slice(0, end);
  const after = end < 0 ? [] : listed.slice(end);
  const n = count === undefined ? undefined : COUNT_WORDS[count.toLowerCase()] ?? (/^\d+$/.test(count) ? Number(count) : NaN);
  if (Number.isNaN(n) || (n !== undefined && n !== commands.length) || commands.length < 2 || commands.length > PLACE_WORDS.length || commands.some((c) => /^`[A-Za-z_]+\s*:/.test(c))) return sentence;
  // Items with no noun "commands" before them are command lines only where each is one, with its settings ("with …"): "`logs` does not exist" is a clause.
  if (bare && commands.some((c) => !/^`[^`]*`(?:\s+(?:with|without)\b.*)?$/i.test(c))) return sentence;
  // A clause after the list needs a subject of its own to be said of: spec-run exec, or the configuration.
  const subject = before.replace(/\s+and\s*$/i, '').trim();
  if (after.length > 0 && subject === '') return sentence;
  const place = where === undefined ? '' : /host/i.test(where) ? ' on the host' : ' in a container';
  const said = /^(?:it|(?:a|the|this|its)\s+(?:configuration|config|file|configuration file))$/i.test(subject) || subject === '' ? [] : [subject];
  // A clause that names its own subject first ("spec-run receives SIGINT …", "SIGINT is sent …") is said of it.
  const ownSubject = (clause: string) => /^(?:`?spec-run(?:\s+exec)?`?|the\s+(?:executor|runner)|SIG[A-Z]+)\b/i.test(clause);
  return [...said, ...commands.map((c, i) => `the ${PLACE_WORDS[i]} command runs ${c.replace(/^(`[^`]*`)/, `$1${place}`)}${shared ?? ''}`), ...after.map((clause) => (ownSubject(clause) ? clause : `${subject} ${clause}`))].join(', ');
}

function readClauses(sentence: string): Reading<SetupPart> {
  return read(namedPlaces(listedCommands(plainParts(sentence))), {
    rules: READ_RULES,
    universal: UNIVERSAL,
    splitAt: [',', 'and', 'but', 'while', 'then'],
    splitBefore: ['with', 'without', 'under', 'that', 'which', 'whose', 'where', 'using', 'via'],
    splitBeforeLast: ['in', 'inside', 'on', 'after', 'before'],
    splitBeforeConcepts: ['WRITE', 'LIMITED', 'SLEEP', 'IGNORE', 'HANDLE', 'AT_MOST', 'EXIT', 'RUNS', 'SET', 'APPLY'],
    wholeFirst: false,
    same: (x, y) => x.text === y.text || sameSetup(x, y),
  });
}

/**
 * Whether two readings of one clause set up the same run, said in other words ("a line limit of 5 lines": the line
 * limit's rule and the field's, `maxOutputLines` 5 both): one reading, not two facts.
 */
function sameSetup(x: SetupPart, y: SetupPart): boolean {
  const [a, b] = [emptySetup(), emptySetup()];
  x.apply(a);
  y.apply(b);
  return JSON.stringify(a) === JSON.stringify(b);
}
