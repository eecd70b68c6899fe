import type { OffsetRange } from '../problem.ts';
import type { TfBlock, TfExpr, TfFile } from './terraform-ast.ts';

/** Where a part of an evaluated value was written: JSON Pointer (relative to the value) to its ranges. */
export type ValueLocations = Map<string, { key?: OffsetRange; value: OffsetRange }>;

/** An expression's value when keyfob knows it, with where its parts come from; else why not. */
export type Evaluated =
  | {
      readonly known: true;
      readonly value: unknown;
      /** Where the value was written (in the file being linted: a value from elsewhere shows at the reference). */
      readonly range: OffsetRange;
      /** For a string read as it is from the file: the characters it was read from. */
      readonly text?: OffsetRange;
      /** For `jsonencode(...)` and the policy data source: the object before encoding, and its parts' places. */
      readonly structured?: { readonly value: unknown; readonly locations: ValueLocations };
    }
  | {
      readonly known: false;
      readonly reason: string;
      readonly range: OffsetRange;
      /** For a string with unknown parts (a template, the Vault policy data source): the known text around them. */
      readonly partial?: PartialText;
      /** For a list or map with unknown members: the known members, each unknown one an UnknownMember. */
      readonly structure?: PartialStructure;
      /**
       * An unknown value known to be the same as every other of this expression (`var.name`: one
       * input of the module, read wherever it is used, through locals and other resources'
       * arguments). Only equality is known, never the value.
       */
      readonly same?: string;
    };

/**
 * A member of a list or map keyfob does not know: why, and the known text around the unknown
 * values when it is a string known in part (a template). Never guessed: rules that read it fill it
 * with several unlike values and keep only what holds for all of them.
 */
export class UnknownMember {
  constructor(
    readonly reason: string,
    readonly text?: PartialText,
    /** The expression it is the same value as (Evaluated's same), where known. */
    readonly same?: string,
  ) {}
}

/** True when a value known in part holds an UnknownMember somewhere. */
export function holdsUnknown(value: unknown): boolean {
  if (value instanceof UnknownMember) return true;
  if (Array.isArray(value)) return value.some(holdsUnknown);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(holdsUnknown);
  return false;
}

/**
 * A list or map literal known in part: its members as values (a known member as it is, an unknown
 * one as an UnknownMember, a list or map known in part nested as such), and where each was written.
 * The shape is known: a list's length and a map's keys are as written.
 */
interface PartialStructure {
  readonly value: unknown;
  readonly locations: ValueLocations;
}

/**
 * A string known in part: its known text, and `{ unknown }` (why not) where a value keyfob does
 * not know goes (taken to stay inside the string or list it is written in).
 */
export type PartialText = readonly (string | { readonly unknown: string })[];

/**
 * What keyfob may read besides the file: the module's other files (`.tf`, `.tf.json`) and, for
 * `file()`, a reader of files inside the module folder (relative paths; undefined when unreadable).
 */
export interface TerraformModule {
  readonly files: readonly TfFile[];
  /** Reads a file by its path relative to the module folder (`../` steps bounded by the adapter). */
  readonly readFile?: (relativePath: string) => string | undefined;
  /**
   * The folders of the root modules that call this module (transitively), relative to it (`.` when it
   * is a root itself): where Terraform reads a relative path not built on path.module. Undefined: not
   * known (the module's own folder is used).
   */
  readonly rootFolders?: () => readonly string[] | undefined;
  /**
   * For `fileset()`: the files below a folder of the module (relative to the module, `''` for the
   * module itself), as paths relative to that folder with `/`; undefined when it cannot be listed
   * or holds more than the adapter lists.
   */
  readonly listFiles?: (relativeFolder: string) => readonly string[] | undefined;
}

/** What the policy data source asks of the evaluator. */
export interface Evaluator {
  /** The file being linted. */
  readonly file: TfFile;
  evaluate(expr: TfExpr, depth: number, from: TfFile): Evaluated;
}

/** Pieces of a partly known string with adjacent known text joined. */
export function joinPieces(pieces: readonly (string | { readonly unknown: string })[]): PartialText {
  const out: (string | { readonly unknown: string })[] = [];
  for (const piece of pieces) {
    const last = out[out.length - 1];
    if (typeof piece === 'string' && typeof last === 'string') out[out.length - 1] = last + piece;
    else out.push(piece);
  }
  return out;
}

/**
 * A data source a reference reads (`data.TYPE.NAME.ATTRIBUTE`), for its renderer: its block, the
 * evaluator and depth to read its attributes with, its file, and the reference (where the value
 * is shown, and any part from another file).
 */
export interface DataSourceCall {
  readonly block: TfBlock;
  readonly evaluator: Evaluator;
  readonly depth: number;
  readonly file: TfFile;
  readonly reference: OffsetRange;
}

/** Attribute `name` of `block` (the data source's, or a block inside it) evaluated; undefined when not set. */
export function evaluateAttribute(call: DataSourceCall, block: TfBlock, name: string): Evaluated | undefined {
  const attribute = block.attributes.get(name);
  return attribute && call.evaluator.evaluate(attribute.value, call.depth + 1, call.file);
}
