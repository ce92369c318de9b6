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

/** Why a directory cannot be a command's working directory, or null when it can. */
export function unusableDirectory(dir: string): string | null {
  try {
    return statSync(dir).isDirectory() ? null : 'is not a directory';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `cannot be used: ${(error as Error).message}`;
  }
}
