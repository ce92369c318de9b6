// What the executor does while it runs a command, told as it happens: where and how
// the command starts, the signals sent to it and when, the containers it creates,
// starts and removes, the mounts, the image pulls. An observer (ExecRequest.onEvent)
// receives them; record.ts builds the record of a run from them, so nothing about a
// run has to be read back from the text a user is shown.
import type { ExecOutcome, StopReason } from './result.js';

export type ExecEvent =
  | {
      type: 'start';
      context: 'host' | 'docker';
      run: string;
      image?: { requested: string; used: string };
      /** The working directory the command starts in (host: absolute; Docker: inside the container). */
      workdir: string;
      /** The variables the configuration adds to the command's environment. */
      env: Record<string, string>;
      user?: string;
      graceMs: number;
    }
  | { type: 'image'; image: string; action: 'present' | 'pulled' | 'pull-failed' | 'local-built'; detail?: string }
  | { type: 'container'; name: string; action: 'created' | 'started' | 'removed' | 'remove-failed'; detail?: string }
  | { type: 'mount'; source: string; target: string }
  /** Docker, a command with a timeout: the engine started it RANMS ago (learnt after the `start` event, which is told when `docker start` is run). */
  | { type: 'running'; ranMs: number }
  /** The executor decided to stop the command (its timeout expired, or the caller aborted). */
  | { type: 'stop'; reason: StopReason; graceMs: number }
  /** A signal sent to the command (host), or asked of the engine (Docker: `docker stop` sends the stop signal, then the kill). */
  | { type: 'signal'; signal: 'SIGTERM' | 'SIGKILL'; via: 'process' | 'docker stop' | 'second interrupt' }
  | { type: 'end'; outcome: ExecOutcome; exitCode: number; signal: NodeJS.Signals | null };

/** An event with the time it happened, in ms from the command's start. */
export type TimedEvent = ExecEvent & { atMs: number };

export type ExecObserver = (event: ExecEvent) => void;
