// Module hooks of fresh loads (index.ts): a module imported by a module of load N, from
// the project (a file: URL outside node_modules), is load N's too; and `spec-run/steps`,
// where the project does not install spec-run, is this spec-run's.
import { LOAD_PARAMETER } from './parameter.js';

interface ResolveContext {
  parentURL?: string;
}
type Resolved = { url: string; format?: string | null; shortCircuit?: boolean };
type NextResolve = (specifier: string, context: ResolveContext) => Promise<Resolved>;

let stepsUrl = '';

export function initialize(data: { steps: string }): void {
  stepsUrl = data.steps;
}

export async function resolve(specifier: string, context: ResolveContext, nextResolve: NextResolve): Promise<Resolved> {
  const load = context.parentURL?.startsWith('file:') ? new URL(context.parentURL).searchParams.get(LOAD_PARAMETER) : null;
  if (load === null) return nextResolve(specifier, context);
  let resolved: Resolved;
  try {
    resolved = await nextResolve(specifier, context);
  } catch (error) {
    if (specifier === 'spec-run/steps') return { url: stepsUrl, shortCircuit: true };
    throw error;
  }
  if (!resolved.url.startsWith('file:') || /[\\/]node_modules[\\/]/.test(resolved.url)) return resolved;
  const url = new URL(resolved.url);
  url.searchParams.set(LOAD_PARAMETER, load);
  return { ...resolved, url: url.href };
}
