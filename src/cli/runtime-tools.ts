// The tools a document's requests and calls may name: the built-in runtime's, or those the
// configured `runtime:` server lists when asked (tools/list), as a run would meet them.
// Asked once per command (again after a failure): the editor checks often.
import { ToolCallChecker, type ToolDescription } from '../translate/json-input.js';
import { TOOLS } from '../runtime/tools.js';
import type { RuntimeConnection } from '../run/types.js';
import { clearTimeout, setTimeout } from '../process/native-timers.js';

export interface RuntimeTools {
  /** The names the runtime lists; null when the configured server could not be asked (nothing is checked then). */
  names: string[] | null;
  /** Why the configured server could not be asked. */
  problem?: string;
  /** What a run finds wrong with a tools/call request (**Input** block), by the tools and schemas the runtime lists. */
  toolCalls?: ToolCallChecker;
  /** What the server broke of MCP's stdio transport while asked (lines on stdout that are no JSON-RPC message), in words. */
  warning?: string;
}

let builtIn: RuntimeTools | undefined;
/** How long a configured server gets to start and list its tools. */
const LIST_LIMIT_MS = 10_000;
const asked = new Map<string, Promise<RuntimeTools>>();

/** The tools of the runtime a run of the project uses: COMMAND (`runtime:`, from CWD) or the built-in one. */
export function runtimeTools(command: string[] | undefined, cwd: string): Promise<RuntimeTools> {
  if (!command) return Promise.resolve((builtIn ??= listed(TOOLS)));
  const key = JSON.stringify([command, cwd]);
  let tools = asked.get(key);
  if (!tools) {
    asked.set(key, (tools = askedTools(command, cwd)));
    // A server that could not be asked is asked again next time: the editor's user may be fixing it.
    void tools.then((listed) => listed.names === null && asked.get(key) === tools && asked.delete(key));
  }
  return tools;
}

async function askedTools(command: string[], cwd: string): Promise<RuntimeTools> {
  const [{ CommandRuntime, stdoutTransportWarning }, { listedTools }] = await Promise.all([import('../run/lisp/servers.js'), import('../run/lisp/listed-tools.js')]);
  const runtime = new CommandRuntime(command, cwd);
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(new Error(`it did not answer within ${LIST_LIMIT_MS / 1000} s`)), LIST_LIMIT_MS);
  const late = new Promise<never>((_, reject) => limit.signal.addEventListener('abort', () => reject(limit.signal.reason as Error), { once: true }));
  late.catch(() => undefined);
  let connection: RuntimeConnection | undefined;
  try {
    connection = await Promise.race([runtime.connect(true, limit.signal), late]);
    return { ...listed(await listedTools(connection, limit.signal)), ...warned(connection) };
  } catch (error) {
    return { names: null, problem: (error as Error).message, ...warned(connection) };
  } finally {
    clearTimeout(timer);
    await connection?.stop();
    await runtime.close();
  }

  /** What CONNECTION's server broke of the stdio transport while it was asked, as a warning. */
  function warned(connection: RuntimeConnection | undefined): Pick<RuntimeTools, 'warning'> {
    const wrote = connection?.notJsonOnStdout?.();
    return wrote ? { warning: stdoutTransportWarning(command, wrote) } : {};
  }
}

/** The tools a runtime lists, as check reads a document's requests with them. */
function listed(tools: ToolDescription[]): RuntimeTools {
  return { names: tools.map((tool) => tool.name), toolCalls: new ToolCallChecker(tools) };
}
