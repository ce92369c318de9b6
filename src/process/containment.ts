// How spec-run keeps the processes it starts from outliving it. Two mechanisms of
// util-linux, used when this machine allows them (probed once):
// - parent death: `setpriv --pdeathsig KILL` makes the kernel kill a child the moment
//   spec-run ends, however it ends (SIGKILL included, where no handler runs); a child
//   that must clean up first (a runtime worker stopping the programs user code started)
//   asks for a signal it handles instead;
// - a PID namespace: `unshare --pid --fork --kill-child` (root) makes the command the
//   init of a namespace of its own, so when it ends, or unshare is killed, the kernel
//   kills every process in it, even those that called setsid or daemonized.
// Without them a child is contained by its process group only, and callers say so.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cacheDirectory } from '../cache-directory.js';
import type { ChildExit } from './child.js';
import { makeDirectory } from '../make-directory.js';

export interface Containment {
  /** `setpriv --pdeathsig` works here. */
  parentDeath: boolean;
  /** `unshare --pid --fork --kill-child` works here (it needs root, or CAP_SYS_ADMIN). */
  pidNamespace: boolean;
  /** Why a mechanism is missing, for notes; undefined when both work. */
  missing?: string;
}

/** Set to `group` to run without either mechanism (process groups only), as on a machine without them. */
export const CONTAINMENT_ENV = 'SPEC_RUN_CONTAINMENT';

const parentDeathArgv = (signal: string) => ['setpriv', '--pdeathsig', signal, '--'];
const PID_NAMESPACE = ['unshare', '--pid', '--fork', '--kill-child'];

let probed: Containment | undefined;

function works(argv: string[]): boolean {
  const probe = spawnSync(argv[0], [...argv.slice(1), 'true'], { stdio: 'ignore', timeout: 5000 });
  return probe.status === 0;
}

/**
 * Where a probe that found both mechanisms is kept: they stay for the same user until the
 * machine boots again, and probing costs two process starts on every run (the most of a
 * start-up's own time after the modules). A failed probe is not kept: it is tried again.
 */
function probeRecord(): string | null {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return join(cacheDirectory(), `containment-${process.getuid?.() ?? 'any'}-${boot}.json`);
  } catch {
    return null;
  }
}

/** What this machine offers; probed on first use. */
export function containment(): Containment {
  if (probed) return probed;
  if (process.env[CONTAINMENT_ENV] === 'group') {
    probed = { parentDeath: false, pidNamespace: false, missing: `${CONTAINMENT_ENV}=group is set` };
    return probed;
  }
  const record = probeRecord();
  if (record !== null && existsSync(record)) {
    probed = { parentDeath: true, pidNamespace: true };
    return probed;
  }
  const parentDeath = works(parentDeathArgv('KILL'));
  const pidNamespace = works(PID_NAMESPACE);
  if (record !== null && parentDeath && pidNamespace) {
    try {
      makeDirectory(dirname(record));
      writeFileSync(record, '{"parentDeath":true,"pidNamespace":true}\n');
    } catch {
      // An unwritable cache only means probing again next time.
    }
  }
  const missing = [
    parentDeath ? null : 'setpriv --pdeathsig (util-linux) is not available',
    pidNamespace ? null : 'unshare --pid (util-linux, as root) is not available',
  ].filter((why) => why !== null);
  probed = { parentDeath, pidNamespace, ...(missing.length ? { missing: missing.join('; ') } : {}) };
  return probed;
}

/**
 * `argv` made to die with spec-run, where possible: the kernel sends it `signal` (default
 * KILL; a name as kill -l gives it) when spec-run ends. With another signal, the child
 * must end on it by itself.
 */
export function tiedToParent(argv: string[], signal = 'KILL'): string[] {
  return containment().parentDeath ? [...parentDeathArgv(signal), ...argv] : argv;
}

/**
 * `argv` run as the init of a PID namespace of its own, tied to spec-run: when it ends,
 * or when spec-run does, every process it started ends too. Stop it through its process
 * group (start it detached): unshare itself ignores SIGTERM, the command receives it.
 * Where namespaces are not available, `argv` tied to spec-run only, by `signal` (see tiedToParent).
 */
export function inOwnPidNamespace(argv: string[], signal = 'KILL'): string[] {
  return containment().pidNamespace ? tiedToParent([...PID_NAMESPACE, ...argv]) : tiedToParent(argv, signal);
}

/**
 * `argv` as the child of a process of its own where util-linux is at hand (the probe of
 * setpriv found it), as where there is no PID namespace: `unshare --fork --kill-child`,
 * entering no namespace, waits for it, ignores SIGTERM and SIGINT, and passes its own death
 * on to it as `signal`. Code the command runs that signals its parent (getppid) reaches that
 * process, never spec-run; in a PID namespace its parent is outside it already (getppid()
 * is 0). Start it detached: kill(0) then signals its own process group only.
 */
export function behindOwnParent(argv: string[], signal = 'KILL'): string[] {
  return containment().parentDeath ? ['unshare', '--fork', `--kill-child=${signal}`, ...argv] : argv;
}

/** `argv` as `spawn` takes it: `spawn(...asSpawn(tiedToParent(argv)), options)`. */
export function asSpawn(argv: string[]): [string, string[]] {
  return [argv[0], argv.slice(1)];
}

/**
 * util-linux 2.38's unshare, when the command it forked dies of SIGKILL, exits 1 with this
 * line instead of ending by SIGKILL itself: it resets the signal's handler first, which the
 * kernel refuses for SIGKILL (EINVAL). Later versions skip that step for SIGKILL.
 */
const UNSHARE_SIGKILL_LINE = /(^|\n)unshare: sigprocmask unblock failed: [^\n]*\n?$/;

/**
 * How a command run by inOwnPidNamespace or behindOwnParent ended, given how its process ended and the tail
 * of its stderr: unshare passes its command's end on (the same exit code, or the same
 * signal), except where its SIGKILL reads as exit code 1 with unshare's own complaint
 * (see UNSHARE_SIGKILL_LINE). That end is given back as the SIGKILL it was, the complaint
 * taken off the tail: an OOM kill or a SIGKILL read as a failure of unshare's otherwise.
 */
export function namespacedExit(exit: ChildExit, tail: string): { exit: ChildExit; tail: string } {
  if (exit.code !== 1 || exit.signal !== null || exit.error || !UNSHARE_SIGKILL_LINE.test(tail)) return { exit, tail };
  return { exit: { code: null, signal: 'SIGKILL' }, tail: tail.replace(UNSHARE_SIGKILL_LINE, '$1') };
}
