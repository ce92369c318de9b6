// Narrows a test plan to what the user asked for: units whose name matches --grep,
// documents carrying a --tag, documents of a --level. Problems of a selected document
// are always kept: a broken document must not pass unnoticed because of a filter.
import type { DocumentPlan, TestPlan } from '../model/plan.js';

export interface Selection {
  grep?: RegExp;
  tags?: string[];
  level?: string;
}

function metadataList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return value.split(',').map((s) => s.trim());
  return [];
}

function documentSelected(plan: DocumentPlan, selection: Selection): boolean {
  if (selection.tags?.length) {
    const tags = metadataList(plan.metadata.tags);
    if (!selection.tags.some((tag) => tags.includes(tag))) return false;
  }
  if (selection.level !== undefined && String(plan.metadata.level ?? '') !== selection.level) return false;
  return true;
}

export function selectUnits(plan: TestPlan, selection: Selection): TestPlan {
  const documents: DocumentPlan[] = [];
  for (const document of plan.documents) {
    if (!documentSelected(document, selection)) continue;
    const grep = selection.grep;
    const units = grep ? document.units.filter((unit) => grep.test(unit.name) || unit.headingPath.some((h) => grep.test(h))) : document.units;
    if (grep && units.length === 0 && document.problems.length === 0) continue;
    documents.push({ ...document, units });
  }
  return { documents };
}
