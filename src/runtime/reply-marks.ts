// The file a worker that answers the client itself marks its answer in (fd 7, see
// control.lisp's MARK-REPLY): the completion line Node reads on fd 4 once the answer is
// written, already there while it is being written (R) and after (W). Node reads it only
// when it cannot wait for that line: the worker ended, or a request's backstop expired
// while the answer went to a client that does not read. Writing it wakes nobody, where a
// line to Node before the answer woke Node as the client was about to be woken.
import { closeSync, fstatSync, openSync, readSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

export interface ReplyMark<Completion> {
  /** R: the answer is being written to the client; W: it has been written. */
  state: 'R' | 'W';
  completion: Completion;
}

export class ReplyMarks {
  private closed = false;

  private constructor(
    /** Passed to the worker among its stdio. */
    readonly fd: number,
  ) {}

  /** A fresh marks file, already unlinked: only its descriptor holds it. Undefined when none can be made. */
  static open(): ReplyMarks | undefined {
    const path = join(tmpdir(), `spec-run-reply-marks-${process.pid}-${randomBytes(8).toString('hex')}`);
    let fd: number;
    try {
      fd = openSync(path, 'wx+', 0o600);
    } catch {
      return undefined;
    }
    unlinkSync(path);
    return new ReplyMarks(fd);
  }

  /** The mark the worker left; undefined when it left none (or none Node can read). */
  read<Completion>(): ReplyMark<Completion> | undefined {
    if (this.closed) return undefined;
    try {
      const buffer = Buffer.alloc(fstatSync(this.fd).size);
      const text = buffer.toString('latin1', 0, readSync(this.fd, buffer, 0, buffer.length, 0));
      const state = text[0];
      if (state !== 'R' && state !== 'W') return undefined;
      // A longer mark written before may stand after the line's end.
      const end = text.indexOf('\n');
      return { state, completion: JSON.parse(text.slice(1, end < 0 ? undefined : end)) as Completion };
    } catch {
      return undefined;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}
