// What the run stage's document runners share: their options and their signature.
import type { RunEvent } from '../model/events.js';
import type { DocumentPlan } from '../model/plan.js';
import type { DefinitionIndex } from '../translate/definition-index.js';
import type { QuietGate } from './quiet-gate.js';

export interface RunOptions {
  /** Seed of this run; each unit derives its own seed from it and prints it. */
  seed: number;
  /** Time limit of one unit, in milliseconds (default 5 minutes). */
  unitTimeoutMs: number;
  /** Where unitTimeoutMs was set, as a message about it names it: `--timeout`, `the frontmatter's timeout`, … */
  unitTimeoutSource?: string;
  /** Stop after the first failing point. */
  bail: boolean;
  /** Number of runs of property-level documents, when given. */
  runs?: number;
  /** Undefined steps fail instead of being TODO. */
  strict: boolean;
  /** The user's step definition files (after the built-in executor steps). */
  stepFiles?: string[];
  /** Run nothing: bind every scenario step to its definition, report every Lisp unit as not run. */
  dryRun?: boolean;
  /**
   * Steps files not to evaluate, each with its problem: a dry run, which only loads steps, tries
   * their top level first as check does (lsp/steps-probe.ts), where a run waits its unit limit.
   */
  refusedStepFiles?: ReadonlyMap<string, LoadProblem>;
  /** argv of the MCP server started for each session when `runtime` is not given. */
  runtimeCommand: string[];
  /** Where sessions of the runtime under test come from, shared by the documents of a run (and the runs of --watch). */
  runtime?: RuntimeConnector;
  /** The runtime as each Lisp document's report names it (document-start's `runtime`). */
  runtimeName?: string;
  /** Docker image names used in documents mapped to local images ("alpine" -> "spec-run/busybox:local"). */
  imageAliases: Record<string, string>;
  /** The project directory: mounted at /workspace in containers, base for relative paths. */
  projectRoot: string;
  /** Extra Lisp files loaded into every driver after the vocabulary. */
  vocabularyFiles: string[];
  /** Where the run's documents define functions, for "defined in another document" notes. */
  definitions?: DefinitionIndex;
  /** Times a failing unit runs again (the document's frontmatter `retries` wins); 0 or absent: none. */
  retries?: number;
  /** Warnings given in this run, by what they are about (a runtime server's stdout): each is given once per run. */
  warnedOnce?: Set<string>;
  /** Shared by the documents of a run: measurements wait for the others' evaluations and hold them back (quiet-gate.ts). */
  quietGate?: QuietGate;
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

/** A connection to one session of the runtime under test: line-delimited JSON-RPC. */
export interface RuntimeConnection {
  /** Sends a request line and resolves with its response line; several may be in flight. */
  exchange(line: string): Promise<string>;
  /** Sends a line that has no response (a notification). */
  notify(line: string): void;
  /** True once the session has ended, on its own or by stop(). */
  readonly ended: boolean;
  stop(): Promise<void>;
  /**
   * What the server wrote that answered no request (lines that are no JSON, responses to
   * ids nothing waits for) and the end of its stderr, in words; null when nothing: said
   * with a request that never got its answer.
   */
  unexpectedOutput?(): string | null;
  /**
   * The lines the server wrote on stdout that are no JSON-RPC message (a stray log line), which
   * MCP's stdio transport forbids, in words; null when none.
   */
  notJsonOnStdout?(): string | null;
}

/** Opens sessions of the runtime under test, each with its MCP handshake done unless `initialize` is false. */
export interface RuntimeConnector {
  /** A session; aborting `signal` while it starts stops it (its driver was stopped: nothing would stop it later). */
  connect(initialize?: boolean, signal?: AbortSignal): Promise<RuntimeConnection>;
}

/** A steps file (or a module it imports) that could not be loaded, at its place. */
export interface LoadProblem {
  file: string;
  line: number;
  /** Where on the line, when the error says (a syntax error). */
  column?: number;
  message: string;
}
