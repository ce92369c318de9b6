// spec-run as a user has it: this checkout packed with `npm pack`, installed with npm into
// a fresh project outside the repository, and run through the project's own
// node_modules/.bin/spec-run. The tests of every capability use it beside their unit
// tests, because a suite run inside the repository hides what the package lacks.
//
// Packing and installing take tens of seconds, so one installation is shared by a test
// process's projects: each project is a fresh directory whose node_modules is a link to
// that installation's, as a monorepo's hoisted node_modules would be. The suite's runner
// makes one for all its test processes and names it in SPEC_RUN_TEST_INSTALLATION; a test
// file run alone makes its own.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDirectory } from './scratch.js';

/** The repository's root (the tests run from dist/test/...). */
export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

let installation: string | null = null;

/** The variable that names an installation made by the suite's runner for every test process. */
export const SHARED_INSTALLATION = 'SPEC_RUN_TEST_INSTALLATION';

/**
 * A directory holding node_modules with spec-run installed from its packed tarball (built
 * once per process, or once per suite; the checkout must have been built, as the suite's
 * set-up does).
 */
export function installedPackage(): string {
  if (installation !== null) return installation;
  const shared = process.env[SHARED_INSTALLATION];
  if (shared) {
    if (!existsSync(join(shared, 'node_modules', '.bin', 'spec-run'))) throw new Error(`${SHARED_INSTALLATION} names ${shared}, which holds no installed spec-run`);
    installation = shared;
    return shared;
  }
  installation = newInstallation();
  const made = installation;
  process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  return made;
}

/** Packs this checkout and installs the tarball into a new directory, which the caller removes. */
export function newInstallation(): string {
  const base = mkdtempSync(join(tmpdir(), 'spec-run-installed-'));
  // --ignore-scripts: dist/ is already built by the suite's set-up; prepack would build again.
  const packed = execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', base], {
    cwd: repositoryRoot,
    encoding: 'utf8',
  }).trim().split('\n').pop()!;
  // Readable by every user: tests also run spec-run as an unprivileged one.
  chmodSync(base, 0o755);
  writeFileSync(join(base, 'package.json'), JSON.stringify({ name: 'installed-spec-run', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--save-dev', join(base, packed)], { cwd: base, stdio: 'pipe' });
  return base;
}

export interface UserRun {
  code: number;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface UserProject {
  /** The project's directory, outside the repository. */
  dir: string;
  /** Runs `spec-run ARGS` as `npx spec-run` would, from the project's node_modules/.bin. */
  specRun(args: string[], options?: { env?: NodeJS.ProcessEnv; input?: string; cwd?: string; asUser?: string; signal?: SignalWhen }): Promise<UserRun>;
  /** Writes FILES (names may hold folders) into the project. */
  write(files: Record<string, string>): void;
}

/** A signal sent to the run once WHEN (asked every 100 ms) is true, as a user or a CI job that cancels it sends it. */
export interface SignalWhen {
  send: NodeJS.Signals;
  when: () => boolean;
}

/** A fresh project with FILES and spec-run installed as a dev dependency. */
export function userProject(files: Record<string, string> = {}, options: { copyNodeModules?: boolean } = {}): UserProject {
  const installed = installedPackage();
  const dir = scratchDirectory('spec-run-user-');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'user-project', private: true, type: 'module', devDependencies: { 'spec-run': '*' } }, null, 2));
  if (options.copyNodeModules) cpSync(join(installed, 'node_modules'), join(dir, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  else symlinkSync(join(installed, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const write = (more: Record<string, string>) => {
    for (const [name, text] of Object.entries(more)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
  };
  write(files);
  const bin = join(dir, 'node_modules', '.bin', 'spec-run');
  return {
    dir,
    write,
    specRun: (args, runOptions = {}) =>
      new Promise((done) => {
        // node-tap's process tracking puts NODE_OPTIONS into every child's environment,
        // whatever env is given: `env -u` takes it out, as a user's shell never has it.
        const clean = ['env', '-u', 'NODE_OPTIONS', bin, ...args];
        // Another user's run goes through setpriv (util-linux), with that user's ids and no groups.
        const [command, ...argv] = runOptions.asUser
          ? ['setpriv', `--reuid=${idOf(runOptions.asUser, '-u')}`, `--regid=${idOf(runOptions.asUser, '-g')}`, '--clear-groups', ...clean]
          : clean;
        const child = spawn(command, argv, {
          cwd: runOptions.cwd ?? dir,
          env: { ...userEnvironment(), ...runOptions.env },
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        child.stdin.end(runOptions.input ?? '');
        const signal = runOptions.signal;
        const watch = signal && setInterval(() => signal.when() && (clearInterval(watch), child.kill(signal.send)), 100);
        child.on('close', (code, signal) => {
          clearInterval(watch);
          done({ code: code ?? -1, signal, stdout, stderr });
        });
      }),
  };
}

/** The files of the installed package, relative to its directory (what a user received). */
export function installedFiles(): string[] {
  const root = join(installedPackage(), 'node_modules', 'spec-run');
  const walk = (dir: string, prefix: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
    );
  return existsSync(root) ? walk(root, '') : [];
}

function idOf(user: string, flag: '-u' | '-g'): string {
  return execFileSync('id', [flag, user], { encoding: 'utf8' }).trim();
}

/** The environment a user's shell gives: this one without what node-tap puts in it for its own child processes. */
export function userEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_OPTIONS' && name !== 'GITHUB_ACTIONS' && !/^_?TAP/i.test(name)));
}
