// Quiet measurements in a parallel run. Every evaluation a document asks of a
// runtime passes this gate: ordinary ones take it shared and overlap freely (their
// sleeps and timeouts too), while a request that measures time takes it exclusive:
// it waits until no other evaluation is in flight and holds new ones back until it
// is answered, so the timed code has the machine to itself whatever --jobs says.
// Exclusive requests are served in arrival order, and shared requests that arrive
// while one waits queue behind it, so a stream of ordinary work cannot starve it.
// A *prompt* shared turn skips that queue: it waits only while an exclusive turn is
// held (a measurement, milliseconds), never for one that waits. It is for work that
// times itself around the request, where a wait in the gate would count.

export type Release = () => void;
export type GateMode = 'shared' | 'exclusive';

interface Waiter {
  mode: GateMode;
  admit: () => void;
}

export interface AcquireOptions {
  /** A shared turn that does not queue behind exclusive turns waiting for theirs. */
  prompt?: boolean;
}

export class QuietGate {
  private sharedHolders = 0;
  private exclusiveHeld = false;
  private readonly queue: Waiter[] = [];

  /** Resolves once the gate admits `mode`; call the release exactly once when done. */
  acquire(mode: GateMode, options: AcquireOptions = {}): Promise<Release> {
    const prompt = mode === 'shared' && options.prompt === true;
    return new Promise((resolve) => {
      const admit = () => resolve(this.releaser(mode));
      if ((prompt || this.queue.length === 0) && this.admits(mode)) {
        this.take(mode);
        admit();
      } else if (prompt) {
        // Only a held exclusive turn stops it: first in line when that ends.
        this.queue.unshift({ mode, admit });
      } else {
        this.queue.push({ mode, admit });
      }
    });
  }

  /** Runs `work` inside the gate. */
  async run<T>(mode: GateMode, work: () => Promise<T>, options: AcquireOptions = {}): Promise<T> {
    const release = await this.acquire(mode, options);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** What holds the gate now, for tests and diagnostics. */
  get state(): { shared: number; exclusive: boolean; waiting: number } {
    return { shared: this.sharedHolders, exclusive: this.exclusiveHeld, waiting: this.queue.length };
  }

  private admits(mode: GateMode): boolean {
    return !this.exclusiveHeld && (mode === 'shared' || this.sharedHolders === 0);
  }

  private take(mode: GateMode): void {
    if (mode === 'shared') this.sharedHolders += 1;
    else this.exclusiveHeld = true;
  }

  private releaser(mode: GateMode): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (mode === 'shared') this.sharedHolders -= 1;
      else this.exclusiveHeld = false;
      this.admitWaiting();
    };
  }

  /** Admits waiters from the head of the queue for as long as the gate allows. */
  private admitWaiting(): void {
    while (this.queue.length > 0 && this.admits(this.queue[0].mode)) {
      const waiter = this.queue.shift()!;
      this.take(waiter.mode);
      waiter.admit();
    }
  }
}
