// Why a file could not be written, in words a user can act on: Node's own messages for
// these say "EEXIST: file already exists, mkdir '…'" when a directory on the way is a
// file, which names neither the cause nor the fix.

const WORDS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exhausted',
  ENOTDIR: 'a part of its directory path is a file, not a directory',
  EEXIST: 'a part of its directory path is a file, not a directory',
  EISDIR: 'it is a directory',
};

/** "permission denied (EACCES)" and the like; the error's own message for other errors. */
export function fileProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code && WORDS[code] ? `${WORDS[code]} (${code})` : error instanceof Error ? error.message : String(error);
}
