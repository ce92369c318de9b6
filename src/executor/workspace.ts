// The project as both contexts see it: on the host at its own path, in a container
// mounted at /workspace. A path means the same place in both only inside the project.
import { accessSync, constants, lstatSync, readlinkSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';

/** Where the project is mounted in every container. */
export const WORKSPACE = '/workspace';

/** A host path as a container sees it, or null when it lies outside the project. */
export function inContainer(hostPath: string, projectRoot: string): string | null {
  const relative = path.relative(path.resolve(projectRoot), path.resolve(hostPath));
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative === '' ? WORKSPACE : path.posix.join(WORKSPACE, ...relative.split(path.sep));
}

/** The `docker create` options binding host directory SOURCE at TARGET. */
export function bindMount(source: string, target: string): string[] {
  // --mount, not -v: a directory whose name holds ':' or ',' would be read as -v's mode field.
  return ['--mount', `type=bind,"source=${source.replace(/"/g, '""')}",target=${target}`];
}

/** A container path as the host sees it, or null when it is not under the project's mount. */
export function onHost(containerPath: string, projectRoot: string): string | null {
  const relative = path.posix.relative(WORKSPACE, path.posix.resolve(WORKSPACE, containerPath));
  if (relative.startsWith('..') || path.posix.isAbsolute(relative)) return null;
  return path.join(path.resolve(projectRoot), ...relative.split('/'));
}

/** Why a directory cannot be a command's working directory, and the way out. */
export interface UnusableDirectory {
  problem: string;
  fix: string;
}

/** What a path that is not a directory is, by its stats. */
function kindOf(stats: Stats): string {
  if (stats.isFile()) return 'a file';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a file or a directory';
}

/** The directories from the root down to DIR's parent. */
function ancestors(dir: string): string[] {
  const above: string[] = [];
  for (let at = path.dirname(dir); ; at = path.dirname(at)) {
    above.unshift(at);
    if (path.dirname(at) === at) return above;
  }
}

/**
 * Why DIR (on the host) cannot be a command's working directory, or null when it can;
 * WORKDIR is the directory as the configuration names it, where the fix names another.
 * Whatever lies in the way is named, wherever DIR is: a file, a missing directory, a link
 * to nothing, a directory above it that may not be entered. ENTER: whether this process's
 * user must be able to enter it (a host command runs as that user; a container's engine
 * enters it as its own).
 */
export function unusableDirectory(dir: string, workdir = dir, { enter = true }: { enter?: boolean } = {}): UnusableDirectory | null {
  const create = `create ${dir}, or set workdir: to a directory that exists`;
  // Creating it is no way out where something else already has its name.
  const instead = (holder: string) => `set workdir: to a directory instead, such as ${holder}, which holds it`;
  const blocked = (at: string) => ({ problem: `cannot be reached: ${at} may not be entered by this user (permission denied)`, fix: `let the user running spec-run enter ${at}, or set workdir: to a directory it may enter` });
  let stats: Stats;
  try {
    stats = statSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      const link = lstatSync(dir, { throwIfNoEntry: false });
      if (link?.isSymbolicLink()) return { problem: `is a link to ${readlinkSync(dir)}, which does not exist`, fix: `create ${path.resolve(path.dirname(dir), readlinkSync(dir))}, or set workdir: to a directory that exists` };
      return { problem: 'does not exist', fix: create };
    }
    if (code === 'ENOTDIR') {
      // A directory above it is something else: name the first such, from the root down.
      const file = ancestors(dir).find((above) => statSync(above, { throwIfNoEntry: false })?.isDirectory() === false);
      if (file) {
        // The directory holding that file, as the configuration names places (WORKDIR less the file and what lies below it).
        const depth = path.relative(file, dir).split(path.sep).length;
        let holder = workdir;
        for (let level = 0; level <= depth; level++) holder = path.posix.dirname(holder);
        return { problem: `lies under ${file}, which is ${kindOf(statSync(file))}, not a directory`, fix: instead(holder) };
      }
    }
    if (code === 'EACCES') {
      // The engine enters the project as its own user, who may where this one may not: it decides.
      if (!enter) return null;
      return blocked(ancestors(dir).find((above) => !mayEnter(above)) ?? dir);
    }
    if (code === 'ELOOP') return { problem: 'is a loop of symbolic links', fix: `set workdir: to a directory that exists` };
    return { problem: `cannot be used: ${(error as Error).message}`, fix: create };
  }
  if (!stats.isDirectory()) return { problem: `is ${kindOf(stats)}, not a directory`, fix: instead(path.posix.dirname(workdir)) };
  if (enter && !mayEnter(dir)) return blocked(dir);
  return null;
}

function mayEnter(dir: string): boolean {
  try {
    accessSync(dir, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * What RELATIVE (a workdir within the project) names in the current directory, when that is
 * not the project and the name is something there: a reader who took the current directory
 * for the project is told why the path is not what they see.
 */
export function inCurrentDirectory(relative: string, projectRoot: string): string | null {
  const cwd = process.cwd();
  if (path.resolve(projectRoot) === cwd) return null;
  const there = path.resolve(cwd, relative);
  const stats = statSync(there, { throwIfNoEntry: false });
  if (!stats) return null;
  return `${there}, in the current directory, is ${stats.isDirectory() ? 'a directory' : kindOf(stats)}: the project is ${path.resolve(projectRoot)}, the configuration's directory unless --project names another`;
}

/** The way out of a container working directory the image does not have as a directory. */
const IMAGE_WORKDIR_FIX = `set workdir: to a directory of the image, or to one under ${WORKSPACE} (the project)`;

/**
 * A container WORKDIR outside the project's mount, which the engine found unusable in IMAGE,
 * from the engine's ENGINEERROR ("Cannot mkdir: /etc/passwd is not a directory", "lstat
 * …/merged/etc/passwd/x: not a directory", "chdir to cwd … permission denied"); null when the
 * error is about something else. A missing one the engine makes instead: workdirMissingInImage.
 */
export function workdirInImage(engineError: string, workdir: string, image: string): { error: string; fix: string } | null {
  const fix = IMAGE_WORKDIR_FIX;
  const said = engineError.trim();
  if (/not a directory/i.test(said) && /mkdir|lstat|chdir|cwd/i.test(said)) {
    // Only "Cannot mkdir: WORKDIR is not a directory" says which: elsewhere it may be a directory above it.
    const what = said.includes(`Cannot mkdir: ${workdir} is not a directory`) ? 'is not a directory' : 'is not a directory, or lies under a file,';
    return { error: `working directory ${workdir} ${what} in the image ${image} (${lastLine(said)})`, fix };
  }
  if (/permission denied/i.test(said) && /chdir|cwd/i.test(said)) return { error: `working directory ${workdir} may not be entered by the container's user in the image ${image} (${lastLine(said)})`, fix };
  return null;
}

function lastLine(text: string): string {
  // The engine's own storage path before the image's path is no place a reader can look.
  return text.split('\n').pop()!.replace(/^Error response from daemon: /, '').replace(/\S*\/merged(?=\/)/g, '');
}

/**
 * A container WORKDIR outside the project's mount that IMAGE lacks, told by DIFF, `docker diff`
 * of the container just created: the engine makes a missing working directory when it creates
 * a container, and adds nothing else to its filesystem before it starts, so any path it added
 * ("A /opt/scratch"; through a link, where the link leads) was made for the working directory.
 * A stop hook works where it is told or not at all, as a directory missing from the project or
 * the host is refused: one made up in its place would run the command in an empty directory.
 * null: the image has it.
 */
export function workdirMissingInImage(diff: string, workdir: string, image: string): { error: string; solutions: string[] } | null {
  if (!diff.split('\n').some((line) => line.startsWith('A '))) return null;
  return {
    error: `working directory ${workdir} does not exist in the image ${image}`,
    solutions: [IMAGE_WORKDIR_FIX, `or make it in the command: run: "mkdir -p ${workdir} && cd ${workdir} && ..."`, `or create it in the image (RUN mkdir -p ${workdir} in its Dockerfile)`],
  };
}
