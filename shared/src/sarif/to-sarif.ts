import { CODES_DOC_URL, codeDocsUrl, describeCode, type ProblemCode } from '../codes/index.ts';
import type { Severity } from '../problem.ts';

/** One finding in a file, as any keyfob face produces it (lint problems, history annotations, changes). */
export interface SarifFinding {
  /** Path as shown to the user: relative to the working folder (`/`-separated) or absolute. */
  readonly file: string;
  readonly code: ProblemCode;
  readonly severity: Severity;
  readonly message: string;
  /** 1-based; the end column is the one after the last character, as SARIF wants it. */
  readonly range?:
    | { readonly startLine: number; readonly startColumn: number; readonly endLine: number; readonly endColumn: number }
    | undefined;
  /** Extra facts of the result (a history change's id, level and date), as SARIF `properties`. */
  readonly properties?: Readonly<Record<string, unknown>> | undefined;
  /** SARIF `partialFingerprints`: what keeps one result one alert across runs (key: `name/vN`). */
  readonly fingerprints?: Readonly<Record<string, string>> | undefined;
}

/** The tool that found them. */
export interface SarifTool {
  readonly version: string;
  /** Shown as the run's automation id, e.g. `keyfob lint`. */
  readonly command: string;
}

const LEVEL: Readonly<Record<Severity, 'error' | 'warning' | 'note'>> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
};

/**
 * A SARIF 2.1.0 log of one run: rule ids are keyfob's problem codes, each rule with its catalogue
 * summary as help text and a link to its entry in docs/codes.md; results point at their file
 * (relative paths against `%SRCROOT%`, which GitHub code scanning resolves to the repository) and
 * region. Pure: returns the object; the caller serialises it.
 */
export function toSarif(findings: readonly SarifFinding[], tool: SarifTool): object {
  const codes = [...new Set(findings.map((f) => f.code))].sort();
  const index = new Map(codes.map((code, i) => [code, i]));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'keyfob',
            semanticVersion: tool.version,
            informationUri: CODES_DOC_URL.replace(/\/blob\/.*$/, ''),
            rules: codes.map(rule),
          },
        },
        automationDetails: { id: `${tool.command}/` },
        columnKind: 'utf16CodeUnits',
        results: findings.map((finding) => result(finding, index.get(finding.code) ?? 0)),
      },
    ],
  };
}

function rule(code: ProblemCode): object {
  const info = describeCode(code);
  return {
    id: code,
    shortDescription: { text: info.summary },
    fullDescription: { text: info.summary },
    help: {
      text: `${info.summary} See ${codeHelpUri(code)}.`,
      markdown: `${info.summary}\n\n[${code} in the code catalogue](${codeHelpUri(code)})`,
    },
    helpUri: codeHelpUri(code),
    defaultConfiguration: { level: LEVEL[info.severity] },
  };
}

function result(finding: SarifFinding, ruleIndex: number): object {
  const region =
    finding.range === undefined
      ? undefined
      : {
          startLine: finding.range.startLine,
          startColumn: finding.range.startColumn,
          endLine: finding.range.endLine,
          endColumn: Math.max(finding.range.endColumn, finding.range.startColumn),
        };
  return {
    ruleId: finding.code,
    ruleIndex,
    level: LEVEL[finding.severity],
    message: { text: finding.message },
    locations: [
      { physicalLocation: { artifactLocation: artifact(finding.file), ...(region === undefined ? {} : { region }) } },
    ],
    ...(finding.fingerprints === undefined ? {} : { partialFingerprints: { ...finding.fingerprints } }),
    ...(finding.properties === undefined ? {} : { properties: { ...finding.properties } }),
  };
}

/** The link to a code's entry in the catalogue. */
function codeHelpUri(code: string): string {
  return codeDocsUrl(code);
}

/** A relative path against the source root, an absolute one as a `file:` URI; either percent-encoded. */
function artifact(file: string): { uri: string; uriBaseId?: string } {
  const encoded = file
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return file.startsWith('/') ? { uri: `file://${encoded}` } : { uri: encoded, uriBaseId: '%SRCROOT%' };
}
