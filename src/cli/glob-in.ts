// Globs relative to a directory, for any directory name. tinyglobby reads its `cwd` as
// part of the patterns it matches: a project under a directory whose name holds a
// backslash matched nothing, so its steps files went unloaded. The directory is given
// escaped, in front of each relative pattern, instead.
import { isAbsolute } from 'node:path';

/** The absolute paths of the files PATTERNS match, relative ones read from DIRECTORY. */
export async function globIn(patterns: string | string[], directory: string, ignore?: string[]): Promise<string[]> {
  const { glob, escapePath } = await import('tinyglobby');
  const base = escapePath(directory.endsWith('/') ? directory.slice(0, -1) : directory);
  const anchored = (pattern: string): string => {
    if (pattern.startsWith('!')) return `!${anchored(pattern.slice(1))}`;
    return isAbsolute(pattern) ? pattern : `${base}/${pattern}`;
  };
  return glob([patterns].flat().map(anchored), { cwd: directory, absolute: true, ...(ignore ? { ignore } : {}) });
}
