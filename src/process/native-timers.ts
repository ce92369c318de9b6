// Node's timers as they were when spec-run loaded, for spec-run's own time limits and waits.
// Step code may replace the global ones (sinon's or jest's fake timers): a step's time limit
// set with a fake setTimeout never fired, and a step that never settled ended spec-run with
// exit 13 and no report.
export const { setTimeout, clearTimeout, setImmediate } = globalThis;
