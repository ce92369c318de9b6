// What a step definition records while it checks: each check it made, each that
// failed, and the values worth showing. A step passes when no check failed and at
// least one was made.
import { isDeepStrictEqual } from 'node:util';

/** Thrown by a step that cannot run here (no Docker engine, a future extension): the point is skipped, not passed. */
export class StepSkip extends Error {}

export class Checks {
  readonly checked: string[] = [];
  readonly failures: string[] = [];
  readonly values: Record<string, unknown> = {};

  that(condition: boolean, what: string, got?: unknown): boolean {
    this.checked.push(what);
    if (!condition) this.failures.push(got === undefined ? what : `${what} (got ${show(got)})`);
    return condition;
  }

  equal(actual: unknown, expected: unknown, what: string): boolean {
    return this.that(isDeepStrictEqual(actual, expected), `${what}: ${show(expected)}`, actual);
  }

  /** Within [low, high], inclusive. */
  between(actual: number, low: number, high: number, what: string): boolean {
    return this.that(actual >= low && actual <= high, `${what} within [${Math.round(low)}, ${Math.round(high)}]`, Math.round(actual));
  }

  matches(text: string, pattern: RegExp, what: string): boolean {
    return this.that(pattern.test(text), `${what} matches ${pattern}`, text.length > 300 ? `${text.slice(0, 300)}...` : text);
  }

  includes(text: string, part: string, what: string): boolean {
    return this.that(text.includes(part), `${what} contains ${JSON.stringify(part)}`, text.length > 300 ? `${text.slice(0, 300)}...` : text);
  }

  show(key: string, value: unknown): void {
    this.values[key] = value;
  }
}

function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
}
