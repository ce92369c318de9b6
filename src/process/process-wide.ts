// State that must be one per process even where a module is loaded twice: the command
// line runs from its bundle (src/cli/bundles.ts), while the built-in step library is
// loaded as a user's steps file is, from the compiled modules, and both use the
// executor, the scenario world and the child-process bookkeeping. Kept on globalThis
// under a registered symbol, as spec-run/steps keeps its collector.
export function processWide<T>(name: string, create: () => T): T {
  const key = Symbol.for(`spec-run.${name}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  return (store[key] ??= create());
}
