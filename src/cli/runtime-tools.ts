// The tools a document's requests and calls may name: the built-in runtime's, or those the
// configured `runtime:` server lists when asked (tools/list), as a run would meet them.
// Asked once per command (again after a failure): the editor checks often.
import { ToolCallChecker, type ToolDescription } from '../translate/json-input.js';
import { TOOLS } from '../runtime/tools.js';

export interface RuntimeTools {
  /** The names the runtime lists; null when the configured server could not be asked (nothing is checked then). */
  names: string[] | null;
  /** Why the configured server could not be asked. */
  problem?: string;
  /** What a run finds wrong with a tools/call request (**Input** block), by the tools and schemas the runtime lists. */
  toolCalls?: ToolCallChecker;
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
    asked.set(key, (tools = listedTools(command, cwd)));
    // A server that could not be asked is asked again next time: the editor's user may be fixing it.
    void tools.then((listed) => listed.names === null && asked.get(key) === tools && asked.delete(key));
  }
  return tools;
}

async function listedTools(command: string[], cwd: string): Promise<RuntimeTools> {
  const { CommandRuntime } = await import('../run/lisp/servers.js');
  const runtime = new CommandRuntime(command, cwd);
  const signal = AbortSignal.timeout(LIST_LIMIT_MS);
  const late = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error(`it did not answer within ${LIST_LIMIT_MS / 1000} s`)), { once: true }));
  late.catch(() => undefined);
  let connection: Awaited<ReturnType<typeof runtime.connect>> | undefined;
  try {
    connection = await Promise.race([runtime.connect(true, signal), late]);
    const answer = JSON.parse(await Promise.race([connection.exchange(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })), late])) as { result?: { tools?: { name?: unknown }[] } };
    const tools = answer.result?.tools;
    if (!Array.isArray(tools)) return { names: null, problem: `its tools/list answer holds no tools: ${JSON.stringify(answer).slice(0, 200)}` };
    return listed(tools.filter((tool): tool is ToolDescription => typeof tool.name === 'string'));
  } catch (error) {
    return { names: null, problem: (error as Error).message };
  } finally {
    await connection?.stop();
    await runtime.close();
  }
}

/** The tools a runtime lists, as check reads a document's requests with them. */
function listed(tools: ToolDescription[]): RuntimeTools {
  return { names: tools.map((tool) => tool.name), toolCalls: new ToolCallChecker(tools) };
}
