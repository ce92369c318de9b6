// What the run stage's document runners share: their options and their signature.
import type { RunEvent } from '../model/events.js';
import type { DocumentPlan } from '../model/plan.js';
import type { WarmServers } from './lisp/servers.js';

export interface RunOptions {
  /** Seed of this run; each unit derives its own seed from it and prints it. */
  seed: number;
  /** Time limit of one unit, in milliseconds (default 5 minutes). */
  unitTimeoutMs: number;
  /** Stop after the first failing point. */
  bail: boolean;
  /** Number of runs of property-level documents, when given. */
  runs?: number;
  /** Undefined steps fail instead of being TODO. */
  strict: boolean;
  /** argv of the MCP server started for each session; default: this spec-run's own `serve`. */
  runtimeCommand: string[];
  /** Docker image names used in documents mapped to local images ("alpine" -> "spec-run/busybox:local"). */
  imageAliases: Record<string, string>;
  /** The project directory: mounted at /workspace in containers, base for relative paths. */
  projectRoot: string;
  /** Extra Lisp files loaded into every driver after the vocabulary. */
  vocabularyFiles: string[];
  /** Runtime servers started ahead of need, shared by the documents of a run (and by the runs of --watch). */
  warmServers?: WarmServers;
  /** Aborted when the run stops early (--bail): runners check it between units and stop starting new ones. */
  signal?: AbortSignal;
  /**
   * Aborted when spec-run itself is interrupted (its reason: the signal's name): runners
   * stop what runs at once, with the usual stop discipline, and report it as SKIP.
   */
  interrupt?: AbortSignal;
}

export type Emit = (event: RunEvent) => void;

/**
 * Runs one document's units and emits unit-start, point, comment and unit-end events.
 * document-start and document-end are the orchestrator's. A runner never throws for a
 * failure of the document: it reports it as a not-ok point.
 */
export type DocumentRunner = (plan: DocumentPlan, options: RunOptions, emit: Emit) => Promise<void>;
