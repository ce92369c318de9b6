// The project as both contexts see it: on the host at its own path, in a container
// mounted at /workspace. A path means the same place in both only inside the project.
import { statSync } from 'node:fs';
import path from 'node:path';

/** Where the project is mounted in every container. */
export const WORKSPACE = '/workspace';

/** A host path as a container sees it, or null when it lies outside the project. */
export function inContainer(hostPath: string, projectRoot: string): string | null {
  const relative = path.relative(path.resolve(projectRoot), path.resolve(hostPath));
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative === '' ? WORKSPACE : path.posix.join(WORKSPACE, ...relative.split(path.sep));
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

/**
 * Why DIR (on the host) cannot be a command's working directory, or null when it can;
 * WORKDIR is the directory as the configuration names it, where the fix names another.
 */
export function unusableDirectory(dir: string, workdir = dir): UnusableDirectory | null {
  const create = `create ${dir}, or set workdir: to a directory that exists`;
  try {
    const stats = statSync(dir);
    if (stats.isDirectory()) return null;
    // Creating it is no way out: something else already has its name.
    return { problem: `is ${stats.isFile() ? 'a file' : 'not a file or a directory'}, not a directory`, fix: `set workdir: to a directory instead, such as ${path.posix.dirname(workdir)}, which holds it` };
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? { problem: 'does not exist', fix: create } : { problem: `cannot be used: ${(error as Error).message}`, fix: create };
  }
}
