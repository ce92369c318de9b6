// The limited-evaluation runtime: an MCP server supervising one SBCL worker per session.
export { serveStdio, serveSession, createRuntimeServer, type ServeOptions } from './server.js';
export { WorkerPool, freshWorkers, type WorkerSource } from './worker-pool.js';
export { RuntimeSession, DEFAULT_LIMITS, type Limits, type Outcome, type EvaluationResult, type LossReason, type SessionOptions } from './session.js';
export { LispWorker, WorkerExit, workerImage, type WorkerAnswer, type WorkerTiming, type EvaluationRequest } from './worker.js';
export { LineTransport, type Screen, type JsonRpcError } from './line-transport.js';
export { TOOLS, callTool, requestedLimits } from './tools.js';
export { evaluationText, timeExecutionText, limitsText, type ToolText } from './format.js';
