// A document's bytes, read from a regular file only and never past spec-run's limit. A
// named pipe given as `x.md` waited for a writer for ever, in a thread that kept even a
// second signal's exit waiting, and a link to /dev/zero was read without end: a size
// looked at before reading bounds neither, so the limit is counted while reading too.
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';

/** The largest document spec-run reads: 8 MiB (50 MiB of markdown took 40 s and 2.5 GB to parse). */
export const MAX_DOCUMENT_BYTES = 8 * 1024 * 1024;

/** A file that cannot be a document: not a regular file, or past the limit; its message says why. */
export class NotADocumentFile extends Error {}

/** What a file that is no regular file or directory is, in words ("a named pipe (FIFO)"), or null when it is one. */
export function specialFileKind(stats: Stats): string | null {
  if (stats.isFile() || stats.isDirectory()) return null;
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'a special file';
}

const special = (stats: Stats) => {
  const kind = specialFileKind(stats);
  return kind === null ? null : new NotADocumentFile(`${kind}, not a regular file: a document is a markdown file`);
};

/** What is said of a document of SIZE ("12.0 MiB"), past the limit. */
export const pastTheLimitMessage = (size: string) => `a document of ${size} is past spec-run's limit of ${MAX_DOCUMENT_BYTES / 1024 / 1024} MiB: split it into several documents`;

const pastTheLimit = (size: string) => new NotADocumentFile(pastTheLimitMessage(size));

/**
 * The bytes of the document at PATH. Throws NotADocumentFile for a file that is no regular
 * file or holds more than MAX_DOCUMENT_BYTES, and the file system's error when it cannot be
 * opened or read.
 */
export function readDocumentFile(path: string): Uint8Array {
  const before = special(statSync(path));
  if (before) throw before;
  // Not blocking: a regular file replaced by a pipe since is opened at once, and refused.
  const descriptor = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  try {
    const stats = fstatSync(descriptor);
    const now = special(stats);
    if (now) throw now;
    if (stats.size > MAX_DOCUMENT_BYTES) throw pastTheLimit(`${(stats.size / 1024 / 1024).toFixed(1)} MiB`);
    // Room for one byte more than the file's size, growing up to one past the limit: a file that grows as it is read is read to no more.
    let bytes = Buffer.allocUnsafe(Math.min(stats.size, MAX_DOCUMENT_BYTES) + 1);
    let length = 0;
    for (;;) {
      if (length === bytes.length) {
        if (length > MAX_DOCUMENT_BYTES) throw pastTheLimit(`more than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MiB`);
        bytes = Buffer.concat([bytes, Buffer.allocUnsafe(Math.min(length, MAX_DOCUMENT_BYTES + 1 - length))]);
      }
      const read = readSync(descriptor, bytes, length, bytes.length - length, null);
      if (read === 0) return bytes.subarray(0, length);
      length += read;
    }
  } finally {
    closeSync(descriptor);
  }
}
