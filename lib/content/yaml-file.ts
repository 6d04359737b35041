import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isNode, LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';

/** One thing an editor got wrong, with where: `content/team/anne.yaml:7: role.de: expected …`. */
export interface ContentIssue {
  file: string;
  line: number;
  field: string;
  message: string;
}

export function formatIssue(issue: ContentIssue): string {
  return `${issue.file}:${issue.line}: ${issue.field ? `${issue.field}: ` : ''}${issue.message}`;
}

export class ContentError extends Error {
  constructor(readonly issues: ContentIssue[]) {
    super(`Content error${issues.length > 1 ? 's' : ''} (see content/README.md):\n${issues.map((issue) => `  ${formatIssue(issue)}`).join('\n')}`);
    this.name = 'ContentError';
  }
}

const root = () => process.cwd();

/** The line of a field in a YAML document, or of its nearest parent that exists. */
function lineOf(doc: Document, counter: LineCounter, fieldPath: readonly PropertyKey[]): number {
  for (let length = fieldPath.length; length >= 0; length -= 1) {
    const node = doc.getIn(fieldPath.slice(0, length) as (string | number)[], true);
    if (isNode(node) && node.range) {
      // A missing key is reported on the first line of the map that should hold it.
      return counter.linePos(node.range[0]).line;
    }
  }
  return 1;
}

/** Reads and checks one YAML file of content/ (path relative to the project), or throws a ContentError. */
export function readYaml<T extends z.ZodType>(file: string, schema: T): z.output<T> {
  const result = checkYaml(file, readFileSync(path.join(/*turbopackIgnore: true*/ root(), file), 'utf8'), schema);
  if (result.issues.length > 0) throw new ContentError(result.issues);
  return result.data as z.output<T>;
}

/** The parsed value and every issue of a YAML text against a schema, each with its line. */
export function checkYaml<T extends z.ZodType>(file: string, source: string, schema: T): { data?: z.output<T>; issues: ContentIssue[] } {
  const counter = new LineCounter();
  const doc = parseDocument(source, { lineCounter: counter, prettyErrors: false });
  if (doc.errors.length > 0) {
    return {
      issues: doc.errors.map((error) => ({
        file,
        line: counter.linePos(error.pos[0]).line,
        field: '',
        message: `the file is not valid YAML (${error.message.split('\n')[0]})`,
      })),
    };
  }
  const parsed = schema.safeParse(doc.toJS());
  if (parsed.success) return { data: parsed.data, issues: [] };
  return {
    issues: parsed.error.issues.map((issue) => ({
      file,
      line: lineOf(doc, counter, issue.path),
      ...describeIssue(issue, doc.getIn(issue.path as (string | number)[]) === undefined),
    })),
  };
}

/** A schema issue in an editor's words: the field, and what it should hold. */
export function describeIssue(issue: z.core.$ZodIssue, absent: boolean): { field: string; message: string } {
  if (issue.code === 'unrecognized_keys')
    return { field: issue.keys.map((key) => [...issue.path, key].join('.')).join(', '), message: 'is not a field this file knows (check the spelling)' };
  const missing = issue.code === 'invalid_type' && absent;
  return { field: issue.path.join('.'), message: missing ? `is missing: ${issue.message}` : issue.message };
}

/** The YAML files of one folder of content/, sorted, as project-relative paths. */
export function yamlFilesIn(folder: string, base: string = root()): string[] {
  const dir = path.join(/*turbopackIgnore: true*/ base, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml') && !name.startsWith('_'))
    .sort()
    .map((name) => `${folder}/${name}`);
}

/** `content/team/anne.yaml` → `anne`. */
export function idOf(file: string): string {
  return path.basename(file, '.yaml');
}
