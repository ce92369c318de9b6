// A run started by a package manager (`npm run`, `npx`, pnpm, yarn) sits below it behind the
// shell it runs the script's command line with: npm → sh -c → spec-run. What npm's own end or
// its signals do never reaches spec-run on their own:
// - npm ending (SIGKILL from a CI runner, a SIGHUP it does not pass on) leaves the shell alive,
//   so spec-run's parent never changes;
// - a SIGINT npm passes on reaches the shell alone, which (dash, bash -c) keeps it until its
//   command, spec-run, has ended.
// So each process from spec-run's parent up to the package manager itself is watched: one
// ending is the end of who spec-run reports to, and such a shell waking from its wait is the
// SIGINT it holds, since nothing else wakes it (`shellHoldingInterrupt`).
import { readFileSync } from 'node:fs';

/** How often the processes that started spec-run are looked at. */
const POLL_MS = 500;
/** A wake of the shell this soon after spec-run was continued is that stop's and continue's news, not a signal. */
const CONTINUED_MS = 2000;
/** How far up a chain of package managers is followed (npm run a, whose script is npm run b...). */
const MOST_ANCESTORS = 16;

/**
 * Whether a package manager's wrapper started a process with ENV (`npx`, `npm run`, `npm exec`,
 * pnpm, yarn: each sets npm_execpath or npm_lifecycle_event for the command it runs).
 */
export function startedByPackageManager(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.npm_execpath || env.npm_lifecycle_event);
}

/** One process between spec-run and the package manager that started it, or that package manager. */
export interface Ancestor {
  pid: number;
  /** Its command's name (`npm`, `sh`): what a message names it by. */
  name: string;
  /** Its start time in clock ticks since boot: a pid given to a new process is not the one watched. */
  started: string;
  /** A `-c` shell that holds a SIGINT until its command ends: its wakes are watched. */
  holdsInterrupt: boolean;
}

interface ProcStat {
  state: string;
  ppid: number;
  name: string;
  started: string;
}

function procStat(pid: number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    // Fields after the parenthesised name: state (3), ppid (4), ... starttime (22).
    const fields = stat.slice(close + 2).split(' ');
    return { state: fields[0], ppid: Number(fields[1]), name: stat.slice(stat.indexOf('(') + 1, close), started: fields[19] };
  } catch {
    return undefined;
  }
}

function procFile(pid: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

/** The environment PID was started with, as name=value entries (none when it cannot be read). */
function startEnvironment(pid: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const entry of (procFile(pid, 'environ') ?? '').split('\0')) {
    const equals = entry.indexOf('=');
    if (equals > 0) env[entry.slice(0, equals)] = entry.slice(equals + 1);
  }
  return env;
}

const SIGINT_BIT = 1n << 1n;
const SIGCHLD_BIT = 1n << 16n;

/**
 * Whether PID is a shell running a command line (`-c`) that catches SIGINT and no other
 * signal but SIGCHLD: such a shell (dash; bash waiting for its command) wakes from its wait
 * only for a SIGINT it keeps or for its child's change of state. An interactive shell, or one
 * with traps, also wakes for other signals (SIGWINCH, a trap's), so its wakes say nothing.
 */
function shellHoldingInterrupt(pid: number): boolean {
  const argv = (procFile(pid, 'cmdline') ?? '').split('\0');
  if (!argv.includes('-c')) return false;
  const caught = /^SigCgt:\s*([0-9a-f]+)$/m.exec(procFile(pid, 'status') ?? '')?.[1];
  if (caught === undefined) return false;
  const signals = BigInt(`0x${caught}`);
  return (signals & SIGINT_BIT) !== 0n && (signals & ~(SIGINT_BIT | SIGCHLD_BIT)) === 0n;
}

/** The name PID was started by (`npm` of `npm exec spec-run`, whose title npm sets); the kernel's is cut at 15 characters. */
function commandName(pid: number): string | undefined {
  const first = (procFile(pid, 'cmdline') ?? '').split(/[\0 ]/)[0];
  return first ? first.slice(first.lastIndexOf('/') + 1) : undefined;
}

/**
 * The processes from PARENT up to the package manager that started spec-run: each one whose
 * environment a package manager set (npm_execpath, npm_lifecycle_event: its shells, and
 * package managers it started in turn), then the first one it did not set, the package
 * manager itself. Empty without /proc (not Linux).
 */
export function packageManagerAncestors(parent: number = process.ppid): Ancestor[] {
  const found: Ancestor[] = [];
  for (let pid = parent; pid > 1 && found.length < MOST_ANCESTORS; ) {
    const stat = procStat(pid);
    if (!stat) break;
    const below = startedByPackageManager(startEnvironment(pid));
    // A shell below the package manager runs the script's command line; the package manager itself does not hold signals.
    found.push({ pid, name: commandName(pid) ?? stat.name, started: stat.started, holdsInterrupt: below && shellHoldingInterrupt(pid) });
    if (!below) break;
    pid = stat.ppid;
  }
  return found;
}

/** Whether the process watched as ANCESTOR still runs (a zombie, or its pid given to another process, has ended). */
function stillRuns(ancestor: Ancestor): boolean {
  const stat = procStat(ancestor.pid);
  return stat !== undefined && stat.started === ancestor.started && stat.state !== 'Z' && stat.state !== 'X';
}

/**
 * How many times PID has gone to sleep (voluntary context switches), and whether it sleeps
 * now waiting for CHILD alone: a shell with another child (`server & spec-run`) also wakes
 * when that one ends, so its wakes say nothing then.
 */
function sleeps(pid: number, child: number): { sleeping: boolean; count: number } | undefined {
  const status = procFile(pid, 'status');
  const count = status && /^voluntary_ctxt_switches:\s*(\d+)$/m.exec(status)?.[1];
  if (!count) return undefined;
  const onlyChild = procFile(pid, `task/${pid}/children`)?.trim() === String(child);
  return { sleeping: onlyChild && /^State:\s*S/m.test(status), count: Number(count) };
}

export interface PackageManagerNews {
  /** A process that started spec-run (the package manager, or a shell below it) has ended. */
  gone(why: string): void;
  /** A shell below the package manager was given a SIGINT it keeps until spec-run ends. */
  interrupted(why: string): void;
}

/**
 * Watches the processes that started spec-run when a package manager did (every
 * POLL_MS, the timer not holding the process), telling NEWS once; returns the stop.
 */
export function watchPackageManager(news: PackageManagerNews): () => void {
  if (!startedByPackageManager()) return () => {};
  const parent = process.ppid;
  const ancestors = packageManagerAncestors(parent);
  // Each shell with the process below it on the way to spec-run, the one it waits for.
  const shells = ancestors.flatMap((ancestor, i) => (ancestor.holdsInterrupt ? [{ ...ancestor, child: i === 0 ? process.pid : ancestors[i - 1].pid }] : []));
  const lastSleep = new Map(shells.map((shell) => [shell.pid, sleeps(shell.pid, shell.child)]));
  // A stop (Ctrl-Z) and continue of spec-run is news to its shell (SIGCHLD): a wake then is no signal.
  let continuedAt = -Infinity;
  const continued = () => (continuedAt = performance.now());
  process.on('SIGCONT', continued);
  let decision: NodeJS.Immediate | undefined;
  const stop = () => {
    clearInterval(timer);
    clearImmediate(decision);
    process.off('SIGCONT', continued);
  };
  const tell = (what: keyof PackageManagerNews, why: string) => {
    stop();
    news[what](why);
  };
  const timer = setInterval(() => {
    if (process.ppid !== parent) return tell('gone', `the process that started spec-run (pid ${parent}) is gone, taken as SIGHUP`);
    const ended = ancestors.find((ancestor) => !stillRuns(ancestor));
    if (ended) return tell('gone', `${ended.name} (pid ${ended.pid}), which started spec-run, is gone, taken as SIGHUP`);
    const woken = shells.find((shell) => {
      const before = lastSleep.get(shell.pid);
      const now = sleeps(shell.pid, shell.child);
      lastSleep.set(shell.pid, now);
      return before?.sleeping && now?.sleeping && now.count > before.count;
    });
    if (!woken) return;
    // Decided after the event loop has read the signals that came meanwhile (a SIGCONT among them).
    decision = setImmediate(() => {
      if (performance.now() - continuedAt < CONTINUED_MS) return;
      const manager = ancestors[ancestors.length - 1];
      tell('interrupted', `the shell ${manager.name} (pid ${manager.pid}) runs spec-run with (${woken.name}, pid ${woken.pid}) was given a signal it holds until spec-run ends, taken as SIGINT`);
    });
  }, POLL_MS).unref();
  return stop;
}
