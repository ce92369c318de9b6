// The executor's notices paraphrased, never quoted: "a note says the container was removed", "there is a note that the
// workdir /tmp is outside the project and that the command ran there", "no note claims the command ran there". A sentence
// is read only where it is wholly a subject that speaks (a note, a notice, the report), a verb of saying, and the facts of
// one notice in words; each notice's facts are checked against the line the executor prints for it (src/executor/:
// host.ts, docker.ts, record.ts, result.ts, output.ts), its numbers, names and paths included where the sentence gives them.
import type { CommandRecord } from '../../../executor/record.js';
import { commandsOf, ownerIn, OWNER, whoOf } from './lines-shown.js';
import type { Reading } from './reading.js';
import type { Check } from './then.js';

const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Notice {
  /** The notice's facts in words, the whole of what the sentence says after its verb. */
  said: RegExp;
  /** What the executor's line must be, from what the sentence said. */
  line(m: RegExpExecArray): { name: string; holds: (notice: string, c: CommandRecord) => boolean };
  /** Said of every command that ran in a container, where no command is named (one at least): the note of each one's own container. */
  ofContainers?: true;
}

const THAT = '(?:that\\s+)?';
const CONTAINER = '(?:its\\s+|the\\s+(?:\\w+(?:\'s|’s)\\s+)?)?(?:container|ctr|box)';
const NOTICES: Notice[] = [
  {
    // "the container was removed", "its container removed", "the container spec-run-… was removed"
    said: new RegExp(`^${CONTAINER}(?:\\s+spec-run-\\S*)?\\s+(?:was\\s+|is\\s+|has\\s+been\\s+|got\\s+)?removed$`, 'i'),
    line: () => ({ name: "`container <its container's name> removed`", holds: (n, c) => c.containers.some((k) => n === `container ${k.name} removed`) }),
    ofContainers: true,
  },
  {
    // "how long the container took from its creation to its removal"
    said: new RegExp(`^how\\s+long\\s+${CONTAINER}\\s+took(?:\\s+from\\s+its\\s+creation\\s+to\\s+its\\s+removal)?$`, 'i'),
    line: () => ({ name: '`the container took <time> from its creation to its removal; …`', holds: (n) => /^the container took \S+ from its creation to its removal/.test(n) }),
  },
  {
    // "the processes the command left running were stopped", "…, including ones that left its process group"
    said: /^(?:the\s+)?processes\s+(?:that\s+)?the\s+command\s+left\s+running\s+(?:were|have\s+been|got)\s+stopped(,?\s+including\s+(?:any|ones|those)\s+that\s+left\s+its\s+process\s+group)?$/i,
    line: (m) => ({
      name: m[1] ? '`processes the command left running were stopped (…), including any that left its process group`' : '`processes the command left running [in its group] were stopped (…)`',
      holds: (n) => (m[1] ? /^processes the command left running were stopped \([^)]*\), including any that left its process group$/ : /^processes the command left running (?:in its group )?were stopped \(/).test(n),
    }),
  },
  {
    // "a process of the command was killed at the memory limit (16m); the command went on and exited with 0"
    said: /^a\s+process\s+of\s+the\s+command\s+was\s+killed\s+at\s+the\s+memory\s+limit(?:\s+\((\S+)\))?(?:;|,|\s+and|,\s+and)\s+the\s+command\s+went\s+on\s+and\s+exited\s+with\s+(\d+)$/i,
    line: (m) => {
      const text = `a process of the command was killed at the memory limit (${m[1] ?? '…'}); the command went on and exited with ${m[2]}`;
      const re = new RegExp(`^a process of the command was killed at the memory limit \\(${m[1] ? esc(m[1]) : '[^)]+'}\\); the command went on and exited with ${m[2]}$`);
      return { name: `\`${text}\``, holds: (n) => re.test(n) };
    },
  },
  {
    // "the workdir /tmp is outside the project (and that the command ran there)", "workdir /tmp is outside the project (/srv/p): the command ran there"
    said: /^(?:the\s+|this\s+|its\s+)?(?:workdir|working\s+directory)(?:\s+(\/\S*))?\s+(?:is|was|lies)\s+outside\s+(?:of\s+)?the\s+project(?:\s+\((\/[^)]*)\))?((?:,?\s+and\s+(?:that\s+)?|:\s+|;\s+)the\s+command\s+(?:ran|was\s+run)\s+there)?$/i,
    line: (m) => {
      const re = new RegExp(`^workdir ${m[1] ? esc(m[1]) : '\\S+'} is outside the project \\(${m[2] ? esc(m[2]) : '[^)]+'}\\): the command ran there$`);
      return { name: `\`workdir ${m[1] ?? '<dir>'} is outside the project (${m[2] ?? '<project>'}): the command ran there\``, holds: (n) => re.test(n) };
    },
  },
  {
    // "env: replaces SPEC_RUN_CONFIG_DIR(, which would name the configuration's directory)(, followed by the directory it would have named)"
    said: /^env:\s+replaces\s+([A-Z_][A-Z0-9_]*)(?:,?\s+which\s+would\s+(?:have\s+)?name(?:d)?\s+the\s+configuration(?:'s|’s)?\s+directory)?(,?\s+followed\s+by\s+the\s+(?:directory|dir|path)\s+(?:it|that\s+it)\s+would\s+have\s+named)?$/,
    line: (m) => {
      const re = new RegExp(`^env: replaces ${m[1]}, which would name the configuration's directory${m[2] ? ' \\S' : ''}`);
      return { name: `\`env: replaces ${m[1]}, which would name the configuration's directory${m[2] ? ' <directory>' : ''}\``, holds: (n) => re.test(n) };
    },
  },
  {
    // "the command handled SIGTERM and exited with 7 within the grace period"
    said: /^the\s+command\s+handled\s+SIGTERM\s+and\s+exited\s+with\s+(\d+)\s+within\s+the\s+grace\s+period$/i,
    line: (m) => ({ name: `\`the command handled SIGTERM and exited with ${m[1]} within the grace period; …\``, holds: (n) => n.startsWith(`the command handled SIGTERM and exited with ${m[1]} within the grace period;`) }),
  },
  {
    // "the output was truncated because the command timed out (before completion)"
    said: /^(?:the\s+)?output\s+(?:was\s+|is\s+|got\s+)?truncated\s+(?:because|as|since|when|after)\s+(?:the\s+command\s+|it\s+)?timed\s+out(?:\s+before\s+(?:completion|it\s+completed))?$/i,
    line: () => ({ name: '`(output truncated - timed out before completion)`', holds: (n) => n === '(output truncated - timed out before completion)' }),
  },
  {
    // "image alpine mapped to local spec-run/busybox:local"
    said: /^(?:the\s+)?image\s+(\S+)\s+(?:was\s+|is\s+)?mapped\s+to\s+(?:the\s+)?local(?:\s+image)?\s+(\S+)$/i,
    line: (m) => ({ name: `\`image ${m[1]} mapped to local ${m[2]}\``, holds: (n) => n === `image ${m[1]} mapped to local ${m[2]}` }),
  },
];

const SAY = '(?:says|said|states|stated|records|recorded|explains|explained|reports|reported|reads|mentions|mentioned|tells(?:\\s+me|\\s+us)?|shows|gives|notes|warns|confirms|claims|(?:shall|should|must|will)\\s+(?:say|state|record|explain|report|read|mention|tell|show|give|note|warn|confirm|claim))';
const NOTE = '(?:note|notice|note:\\s+line)';
/** The subjects that speak, each with whether it denies: "a note says", "no note claims", "the report doesn't mention". */
const SPEAKERS: [RegExp, boolean][] = [
  [new RegExp(`^(?:${OWNER}(?:report|${NOTE})|(?:a|the|another|one|a\\s+second|its)\\s+${NOTE}|the\\s+report)\\s+(?:explains\\s+what\\s+happened:\\s*|${SAY}\\s+${THAT})(.+)$`, 'i'), false],
  [new RegExp(`^(?:there\\s+is|there's|there’s|comes|(?:the\\s+report|it)\\s+(?:has|carries|gives|shows))\\s+(?:a|the)\\s+${NOTE}\\s+(?:that|saying|stating|which\\s+says|which\\s+states)\\s+${THAT}(.+)$`, 'i'), false],
  [new RegExp(`^a\\s+${NOTE}\\s+(?:is\\s+(?:shown|printed)\\s+)?(?:which|that)\\s+${SAY}\\s+${THAT}(.+)$`, 'i'), false],
  [new RegExp(`^no\\s+${NOTE}\\s+(?:${SAY}|is\\s+claiming|is\\s+saying)\\s+${THAT}(.+)$`, 'i'), true],
  [new RegExp(`^(?:${OWNER}report|the\\s+report)\\s+(?:does\\s+not|doesn't|doesn’t|never|shall\\s+not|must\\s+not)\\s+(?:say|state|mention|claim|report)\\s+${THAT}(.+)$`, 'i'), true],
];


/** The reading of a sentence that paraphrases one of the executor's notices; null for any other sentence. */
export function noticeSaidReading(sentence: string): Reading<Check> | null {
  const text = sentence.trim().replace(/[.;]$/, '');
  for (const [speaker, denied] of SPEAKERS) {
    const m = speaker.exec(text);
    if (!m) continue;
    const owner = ownerIn(m);
    const said = m.at(-1)!.replace(/\s+/g, ' ').trim();
    for (const notice of NOTICES) {
      const found = notice.said.exec(said);
      if (!found) continue;
      const { name, holds } = notice.line(found);
      const has = (c: CommandRecord) => c.notices.some((n) => holds(n.trim(), c));
      const containers = notice.ofContainers === true && owner === undefined && !denied;
      const check: Check = {
        text: denied ? `${owner === undefined ? 'every command' : whoOf(owner)}: no notice is ${name}` : `${containers ? 'every container command (one at least)' : whoOf(owner)}: a notice is ${name}`,
        evaluate(o) {
          const chosen = containers ? o.record.commands.filter((c) => c.containers.length > 0) : commandsOf(owner, o);
          if (containers) return { ok: chosen.length > 0 && chosen.every(has), actual: chosen.map((c) => c.notices.join(' ⏎ ')).join('; ') || 'no command ran in a container' };
          const actual = chosen.length === 0 ? 'no such command ran' : chosen.map((c) => c.notices.join(' ⏎ ') || 'no notice').join('; ');
          return { ok: chosen.length > 0 && (denied ? !chosen.some(has) : chosen.some(has)), actual };
        },
      };
      return { ok: true, parts: [check], rules: ['a notice paraphrased'] };
    }
    return null;
  }
  return null;
}
