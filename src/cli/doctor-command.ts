// `spec-run doctor [paths]`: what the documents given need, and whether this machine has
// it. Lisp documents need SBCL, FiveAM and bordeaux-threads and a writable cache for
// their core images; executor specifications that run containers need a Docker engine
// the user may use; a configured runtime: server must start and answer; OpenSpec
// documents with the user's own steps need only Node. Each
// missing piece is printed with the command that fixes it; exit 1 when something a
// given document needs is missing.
import { accessSync, constants, existsSync } from 'node:fs';
import { cacheDirectory } from '../cache-directory.js';
import { debianPackageOf, defaultLisp, findSystems, sbclVersion } from '../lisp-image/core-image.js';
import { dockerEngine } from '../executor/docker.js';
import type { DocumentPlan } from '../model/plan.js';
import { findDocuments, noDiscovery, usableDiscovery } from './discover.js';
import { loadConfig, projectPaths, runtimeName, sayConfigurationAbove } from './config.js';
import { buildPlan, executorStepsSetting } from './run-command.js';
import { makeDirectory } from '../make-directory.js';
import { runtimeTools } from './runtime-tools.js';
import { toolsCalled } from '../check/index.js';

/** The ASDF systems the Lisp driver loads. */
const LISP_SYSTEMS = ['fiveam', 'bordeaux-threads'];

interface Finding {
  what: string;
  ok: boolean;
  detail: string;
  /** The documents that need it; none: only informative. */
  neededBy: string[];
  fix?: string;
}

/** An executor specification whose scenarios speak of containers: it needs a Docker engine. */
function usesContainers(plan: DocumentPlan): boolean {
  return plan.units.some((unit) => unit.kind === 'scenario' && [...unit.steps.map((s) => s.text), ...unit.configs.map((c) => c.text)].some((text) => /\b(docker|containers?|image)\b/i.test(text)));
}

export async function doctorCommand(paths: string[], options: { config?: string } = {}): Promise<number> {
  const config = loadConfig(options.config);
  sayConfigurationAbove(config, options.config);
  const roots = paths.length ? paths : projectPaths(config);
  // Before any document is written, doctor still tells what this machine has.
  const noDocuments = paths.length === 0 && !config.paths && !existsSync(roots[0]);
  if (noDocuments) console.error('spec-run doctor: no specs/ here (and no paths in a configuration): what follows is what this machine has for any document, checked with none');
  const discovery = noDocuments ? noDiscovery() : findDocuments(roots);
  if (!usableDiscovery(discovery)) return 2;
  const { documents } = await buildPlan(discovery.files, await executorStepsSetting(undefined, config));
  const lisp = documents.filter((d) => d.family === 'lisp').map((d) => d.file);
  const containers = documents.filter((d) => d.executorSteps && usesContainers(d)).map((d) => d.file);
  const findings: Finding[] = [];

  const [major, minor] = process.versions.node.split('.').map(Number);
  const nodeOk = major > 20 || (major === 20 && minor >= 6);
  findings.push({ what: 'Node.js', ok: nodeOk, detail: `${process.versions.node} (20.6 or later)`, neededBy: documents.map((d) => d.file), fix: 'install Node.js 20.6 or later' });

  const sbcl = await sbclVersion(defaultLisp()).then(
    (version) => ({ ok: true, detail: version }),
    (error: Error) => ({ ok: false, detail: error.message.replace(/\. Install it with:.*$/, '') }),
  );
  findings.push({ what: 'SBCL', ...sbcl, neededBy: lisp, fix: 'apt-get install sbcl' });
  if (sbcl.ok) {
    const found = await findSystems(LISP_SYSTEMS, defaultLisp());
    for (const system of LISP_SYSTEMS) {
      findings.push({ what: `Lisp library ${system}`, ok: found[system] !== null, detail: found[system] ?? 'ASDF does not find it', neededBy: lisp, fix: `apt-get install ${debianPackageOf(system)}` });
    }
  }

  const cache = cacheDirectory();
  let cacheOk = true;
  try {
    makeDirectory(cache);
    accessSync(cache, constants.W_OK);
  } catch {
    cacheOk = false;
  }
  findings.push({ what: 'cache directory', ok: cacheOk, detail: `${cache} (SBCL core images)`, neededBy: lisp, fix: 'set SPEC_RUN_CACHE to a writable directory' });

  // A configured runtime: server, started and asked for its tools as a run's sessions start it.
  if (Array.isArray(config.runtime)) {
    const tools = await runtimeTools(config.runtime, config.directory);
    findings.push({
      what: 'runtime server',
      ok: tools.names !== null,
      // A server that lists its tools but writes stray lines on stdout works here, and is warned of.
      detail: `${runtimeName(config)}: ${tools.names !== null ? `lists ${tools.names.join(', ') || 'no tool'}` : tools.problem}${tools.warning ? `; warning: ${tools.warning}` : ''}`,
      neededBy: lisp,
      fix: tools.names !== null ? undefined : "make the configuration's runtime command start an MCP server on stdio (it answers initialize and tools/list)",
    });
    // Each tool the documents ask for (the vocabulary's senders too: evaluate-in-session asks for evaluate-lisp) that the server does not list.
    const listed = tools.names;
    if (listed !== null) {
      const needing = new Map<string, Set<string>>();
      for (const document of documents.filter((d) => d.family === 'lisp')) {
        for (const { site } of toolsCalled(document)) if (!listed.includes(site.name)) (needing.get(site.name) ?? needing.set(site.name, new Set()).get(site.name)!).add(document.file);
      }
      for (const [tool, files] of needing) {
        findings.push({ what: `runtime tool ${tool}`, ok: false, detail: `not listed by ${runtimeName(config)} (it lists ${listed.join(', ') || 'no tool'})`, neededBy: [...files], fix: `make the runtime server list ${tool}, or point the configuration's runtime at one that does` });
      }
    }
  }

  const engine = await dockerEngine();
  findings.push({
    what: 'Docker engine',
    ok: engine.ok,
    detail: engine.ok ? `server ${engine.version}` : engine.error,
    neededBy: containers,
    fix: engine.ok ? undefined : engine.solutions.join('; '),
  });

  let missing = 0;
  for (const f of findings) {
    const needed = f.neededBy.length > 0;
    const mark = f.ok ? 'ok     ' : needed ? 'MISSING' : 'absent ';
    console.log(`${mark}  ${f.what}: ${f.detail}`);
    if (!f.ok && f.fix) console.log(`         fix: ${f.fix}`);
    if (!f.ok && needed) {
      missing += 1;
      console.log(`         needed by ${f.neededBy.slice(0, 3).join(', ')}${f.neededBy.length > 3 ? ` and ${f.neededBy.length - 3} more` : ''}`);
    }
  }
  const openspec = documents.filter((d) => d.family === 'openspec').length;
  const other = documents.length - lisp.length - openspec;
  const kinds = [`${lisp.length} Lisp`, `${openspec} OpenSpec`, ...(other ? [`${other} with nothing to check`] : [])].join(', ');
  console.error(`${documents.length} documents: ${kinds}; ${missing === 0 ? 'everything they need is here' : `${missing} thing${missing > 1 ? 's' : ''} they need ${missing > 1 ? 'are' : 'is'} missing`}`);
  return missing > 0 ? 1 : 0;
}
