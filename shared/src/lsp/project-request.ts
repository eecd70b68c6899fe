import type { Connection } from 'vscode-languageserver';
import type { FileFacts } from '../history/index.ts';
import { EDITOR_PROJECT_LIMITS, PROJECT_FILE_RULES, PROJECT_LIMITS } from '../history/index.ts';
import { MAX_PARSED } from '../history/provider-references.ts';
import type { HttpMethod } from '../history/data-types.ts';
import { HTTP_METHODS, isHttpMethod } from '../history/data-types.ts';
import { isName, otherFactsFromWire, otherFactsToWire, overBound, shown, type WireOtherFacts } from './project-wire.ts';

/**
 * A request the server sends to a client that said (initializationOptions `projectFacts: true`) it
 * owns the API history's project facts of its workspace folders: the VS Code extension, whose host
 * reads each folder once (`WorkspaceProjectFacts`) for its own end-of-line notes and answers its
 * server (a Node process or a web worker) from that read. Params `{ folderUri }`; result the folder's
 * saved files' facts (`projectFactsToWire`), null when it has none.
 */
export const PROJECT_FACTS_METHOD = 'keyfob/projectFacts';

/** The notification that client sends once it read a folder's files (again); params `{ folderUri }`: the server asks again. */
export const PROJECT_FACTS_CHANGED = 'keyfob/projectFactsChanged';

/**
 * One saved file's facts on the wire: its path in the folder, its models' read templates, its HTTP helpers,
 * and (when it has any) what its URLs say shared bases hold (`[["{globals.BASE_URL}", "organizations/*"]]`), a
 * Terraform file's text the project's tests, `.tfvars` files and module calls are read with (`FileFacts.terraform`),
 * and an object of every other fact of the file (`project-wire.ts`'s `OTHER_FIELDS`: its operations, Go clients,
 * routers, path helpers, …). The shorter tuples are an older host's answers (3 to 5 elements), still read.
 */
export type WireFileFacts =
  | [path: string, models: [name: string, templates: string[]][], helpers: [string, string][]]
  | [
      path: string,
      models: [name: string, templates: string[]][],
      helpers: [string, string][],
      bases: [string, string][],
    ]
  | [
      path: string,
      models: [name: string, templates: string[]][],
      helpers: [string, string][],
      bases: [string, string][],
      terraform: string,
    ]
  | [
      path: string,
      models: [name: string, templates: string[]][],
      helpers: [string, string][],
      bases: [string, string][],
      terraform: string | null,
      others: WireOtherFacts,
    ];

/** The saved files' facts of a folder, for PROJECT_FACTS_METHOD's answer. */
export function projectFactsToWire(files: ReadonlyMap<string, FileFacts>): WireFileFacts[] {
  return [...files].map(([path, facts]): WireFileFacts => {
    const models = [...facts.modelPaths].map(([name, templates]): [string, string[]] => [name, [...templates]]);
    const helpers = [...(facts.helpers ?? [])];
    const bases = [...(facts.bases ?? [])];
    const others = otherFactsToWire(facts);
    if (others !== undefined) return [path, models, helpers, bases, facts.terraform?.text ?? null, others];
    if (facts.terraform !== undefined) return [path, models, helpers, bases, facts.terraform.text];
    return facts.bases === undefined ? [path, models, helpers] : [path, models, helpers, bases];
  });
}

/** What the host should send, said after each problem of an answer. */
const FIX =
  'send each saved file as [path, [[model, [template, …]], …], [[helper, method], …]] and optionally [[base, prefix], …], a Terraform text or null, and an object of its other facts (projectFactsToWire)';

/**
 * PROJECT_FACTS_METHOD's answer read at the edge: at most the editors' files, each within the project
 * facts' bounds (a path of at most PROJECT_FILE_RULES.maxPathLength characters, names and templates of at most a
 * signature's length, helpers' methods HTTP methods, each other fact by its reader: `OTHER_FIELDS`); what is out of shape or over a bound is left out,
 * and `problems` says what (the first few: the field, its value when it is short, and the fix). `files`
 * undefined when the answer is not a list (the client has none).
 */
export function projectFactsFromWire(raw: unknown): {
  files: Map<string, FileFacts> | undefined;
  problems: string[];
} {
  const problems: string[] = [];
  const problem = (field: string, what: string): void => {
    if (problems.length < MAX_PROBLEMS) problems.push(`${PROJECT_FACTS_METHOD} answer: ${field} ${what}; ${FIX}`);
  };
  if (!Array.isArray(raw)) {
    if (raw !== null && raw !== undefined) problem('(the whole answer)', `is ${shown(raw)}, not a list or null`);
    return { files: undefined, problems };
  }
  const text = (value: unknown, max: number): value is string =>
    typeof value === 'string' && value !== '' && value.length <= max;
  const over = (field: string, list: readonly unknown[], max: number, what: string): void =>
    overBound(problem, field, list, max, what);
  over('(the whole answer)', raw, EDITOR_PROJECT_LIMITS.files, 'files');
  const files = new Map<string, FileFacts>();
  for (const [i, entry] of raw.slice(0, EDITOR_PROJECT_LIMITS.files).entries()) {
    const [path, models, helpers, bases, terraform, others] = Array.isArray(entry) ? (entry as unknown[]) : [];
    if (!text(path, PROJECT_FILE_RULES.maxPathLength)) {
      problem(
        `[${i}][0] (path)`,
        `is ${shown(path)}, not a path of 1 to ${PROJECT_FILE_RULES.maxPathLength} characters: the file is left out`,
      );
      continue;
    }
    const at = `[${i}] (${JSON.stringify(path.slice(0, 80))})`;
    if (!Array.isArray(models) || !Array.isArray(helpers)) {
      problem(`${at}[${Array.isArray(models) ? 2 : 1}]`, 'is not a list: the file is left out');
      continue;
    }
    over(`${at}[1] (models)`, models, PROJECT_LIMITS.perFile, 'models');
    const modelPaths = new Map<string, readonly string[]>();
    for (const [m, model] of models.slice(0, PROJECT_LIMITS.perFile).entries()) {
      const [model_, templates] = Array.isArray(model) ? (model as unknown[]) : [];
      if (!isName(model_) || !Array.isArray(templates)) {
        problem(
          `${at}[1][${m}] (a model)`,
          `is not [name, templates] with a name of 1 to ${PROJECT_LIMITS.signature} characters: it is left out`,
        );
        continue;
      }
      over(
        `${at}[1][${m}][1] (${model_.slice(0, 80)}'s templates)`,
        templates,
        PROJECT_LIMITS.pathsPerModel,
        'templates',
      );
      const kept = templates.slice(0, PROJECT_LIMITS.pathsPerModel).filter(isName);
      if (kept.length < Math.min(templates.length, PROJECT_LIMITS.pathsPerModel))
        problem(
          `${at}[1][${m}][1] (${model_.slice(0, 80)}'s templates)`,
          'holds a value that is no template: it is left out',
        );
      modelPaths.set(model_, kept);
    }
    over(`${at}[2] (helpers)`, helpers, PROJECT_LIMITS.perFile, 'helpers');
    const helperMethods = new Map<string, HttpMethod>();
    for (const [h, helper] of helpers.slice(0, PROJECT_LIMITS.perFile).entries()) {
      const [helper_, method] = Array.isArray(helper) ? (helper as unknown[]) : [];
      if (isName(helper_) && isHttpMethod(method)) helperMethods.set(helper_, method);
      else
        problem(
          `${at}[2][${h}] (a helper)`,
          `is not [name, method] with a method of ${HTTP_METHODS.join(', ')}${typeof method === 'string' ? ` (got ${shown(method)})` : ''}: it is left out`,
        );
    }
    const shared = new Map<string, string>();
    if (bases !== undefined) {
      if (!Array.isArray(bases)) problem(`${at}[3] (bases)`, 'is not a list: the bases are left out');
      else {
        over(`${at}[3] (bases)`, bases, PROJECT_LIMITS.perFile, 'bases');
        for (const [b, pair] of bases.slice(0, PROJECT_LIMITS.perFile).entries()) {
          const [base, prefix] = Array.isArray(pair) ? (pair as unknown[]) : [];
          if (isName(base) && typeof prefix === 'string' && prefix.length <= PROJECT_LIMITS.signature)
            shared.set(base, prefix);
          else problem(`${at}[3][${b}] (a base)`, 'is not [name, prefix] with strings: it is left out');
        }
      }
    }
    // A Terraform file's text, named by its path here (the host names it as its own files: `WorkspaceProjectFacts`).
    // (null: none, in a tuple that goes on to the other facts.)
    if (
      terraform !== undefined &&
      terraform !== null &&
      !(typeof terraform === 'string' && terraform.length <= MAX_PARSED)
    )
      problem(`${at}[4] (terraform)`, `is not a text of at most ${MAX_PARSED} characters: it is left out`);
    // Every other fact of the file (`OTHER_FIELDS`: each field's reader and its bound), what is out of shape left out.
    const other = otherFactsFromWire(others, (place, what) => problem(`${at}[5]${place}`, what));
    files.set(path, {
      modelPaths,
      ...other,
      ...(helperMethods.size > 0 ? { helpers: helperMethods } : {}),
      ...(shared.size > 0 ? { bases: shared } : {}),
      ...(typeof terraform === 'string' && terraform.length <= MAX_PARSED
        ? { terraform: { fileName: path, text: terraform } }
        : {}),
    });
  }
  return { files, problems };
}

/** Problems an answer's reading reports at most. */
const MAX_PROBLEMS = 5;

/** The saved files' facts of a folder as the client read them (PROJECT_FACTS_METHOD), checked at the edge. */
export async function clientProjectFacts(
  connection: Connection,
  folderUri: string,
): Promise<Map<string, FileFacts> | undefined> {
  const { files, problems } = projectFactsFromWire(await connection.sendRequest(PROJECT_FACTS_METHOD, { folderUri }));
  for (const problem of problems) connection.console.warn(`keyfob: ${problem}`);
  return files;
}
