import type { OffsetRange } from '../../problem.ts';
import type { HclEntry, HclNode, HclObject } from './hcl-node.ts';
import { HclSyntaxError, lexHcl, type HclToken } from './lex-hcl.ts';

/** Deepest nesting accepted; deeper input is refused rather than recursed into. */
const MAX_DEPTH = 64;

/** The outcome of parsing: the root object, or the first syntax error with its range. */
export type HclParse =
  | { readonly root: HclObject; readonly error?: undefined }
  | { readonly root?: undefined; readonly error: { readonly message: string; readonly range: OffsetRange } };

/**
 * Parses HCL v1 as the real engine's policy reader does, and its JSON form (a text starting with
 * `{`). Blocks with labels (`path "a" { ... }`) become nested entries; repeated keys stay separate.
 *
 * @example parseHcl('path "cloud/creds/deploy" { capabilities = ["read"] }').root?.entries[0]?.key // "path"
 */
export function parseHcl(text: string): HclParse {
  try {
    const parser = new Parser(lexHcl(text));
    return { root: parser.document() };
  } catch (error) {
    if (error instanceof HclSyntaxError) return { error: { message: error.message, range: error.range } };
    throw error;
  }
}

class Parser {
  #at = 0;

  constructor(private readonly tokens: readonly HclToken[]) {}

  document(): HclObject {
    const first = this.peek();
    if (first.type === 'punct' && first.text === '{') {
      const root = this.object(0);
      this.expectEnd();
      return root;
    }
    const entries = this.body('eof', 0);
    const end = this.peek().range.end;
    return { kind: 'object', entries, range: { start: 0, end } };
  }

  private expectEnd(): void {
    const token = this.peek();
    if (token.type !== 'eof') throw new HclSyntaxError(`unexpected ${describe(token)} after the document`, token.range);
  }

  private body(close: '}' | 'eof', depth: number): HclEntry[] {
    const entries: HclEntry[] = [];
    for (;;) {
      const token = this.peek();
      if (close === 'eof' ? token.type === 'eof' : isPunct(token, '}')) return entries;
      if (token.type === 'eof') throw new HclSyntaxError("expected '}' before the end of the text", token.range);
      entries.push(this.item(depth));
      if (isPunct(this.peek(), ',')) this.next();
    }
  }

  private item(depth: number): HclEntry {
    const keys: HclToken[] = [];
    while (this.peek().type === 'string' || this.peek().type === 'ident') keys.push(this.next());
    const first = keys[0];
    const token = this.peek();
    if (!first) throw new HclSyntaxError(`expected a key, found ${describe(token)}`, token.range);
    let value: HclNode;
    if (isPunct(token, '=') || isPunct(token, ':')) {
      if (keys.length > 1)
        throw new HclSyntaxError(`nested object expected: LBRACE got: ${describe(token)}`, token.range);
      this.next();
      value = this.value(depth + 1);
    } else if (isPunct(token, '{')) {
      value = this.object(depth + 1);
    } else {
      throw new HclSyntaxError(`key '${first.text}' expected start of object ('{') or assignment ('=')`, token.range);
    }
    for (let i = keys.length - 1; i >= 1; i--) {
      const label = keys[i] as HclToken;
      value = {
        kind: 'object',
        entries: [{ key: label.text, keyRange: label.range, value }],
        range: { start: label.range.start, end: value.range.end },
      };
    }
    return { key: first.text, keyRange: first.range, value };
  }

  private object(depth: number): HclObject {
    if (depth > MAX_DEPTH) throw new HclSyntaxError(`nesting deeper than ${MAX_DEPTH} levels`, this.peek().range);
    const open = this.next();
    const entries = this.body('}', depth);
    const close = this.next();
    return { kind: 'object', entries, range: { start: open.range.start, end: close.range.end } };
  }

  private value(depth: number): HclNode {
    const token = this.peek();
    if (isPunct(token, '{')) return this.object(depth);
    if (isPunct(token, '[')) return this.list(depth);
    this.next();
    if (token.type === 'string') return { kind: 'string', value: token.text, range: token.range };
    if (token.type === 'number') return { kind: 'number', value: Number(token.text), range: token.range };
    if (token.type === 'ident' && (token.text === 'true' || token.text === 'false'))
      return { kind: 'bool', value: token.text === 'true', range: token.range };
    if (token.type === 'ident' && token.text === 'null') return { kind: 'null', value: null, range: token.range };
    throw new HclSyntaxError(`expected a value, found ${describe(token)}`, token.range);
  }

  private list(depth: number): HclNode {
    if (depth > MAX_DEPTH) throw new HclSyntaxError(`nesting deeper than ${MAX_DEPTH} levels`, this.peek().range);
    const open = this.next();
    const items: HclNode[] = [];
    while (!isPunct(this.peek(), ']')) {
      if (this.peek().type === 'eof')
        throw new HclSyntaxError("expected ']' before the end of the text", this.peek().range);
      items.push(this.value(depth + 1));
      if (isPunct(this.peek(), ',')) this.next();
      else if (!isPunct(this.peek(), ']'))
        throw new HclSyntaxError(`expected ',' or ']' in a list, found ${describe(this.peek())}`, this.peek().range);
    }
    const close = this.next();
    return { kind: 'list', items, range: { start: open.range.start, end: close.range.end } };
  }

  private peek(): HclToken {
    return this.tokens[this.#at] ?? (this.tokens[this.tokens.length - 1] as HclToken);
  }

  private next(): HclToken {
    const token = this.peek();
    if (this.#at < this.tokens.length - 1) this.#at++;
    return token;
  }
}

function isPunct(token: HclToken, text: string): boolean {
  return token.type === 'punct' && token.text === text;
}

function describe(token: HclToken): string {
  if (token.type === 'eof') return 'the end of the text';
  if (token.type === 'string') return 'a string';
  return `'${token.text}'`;
}
