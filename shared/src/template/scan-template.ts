import { isSpace, lexAction } from './lex-action.ts';
import type { Token } from './lex-action.ts';
import { lexNumber, lexString } from './lex-literals.ts';
import type { TemplateIssue } from './template-issue.ts';

/** A top-level piece of the template text. Spans include the `{{ }}` delimiters. */
export type ScanItem =
  | { readonly kind: 'text'; readonly start: number; readonly end: number }
  | {
      readonly kind: 'action';
      readonly start: number;
      readonly end: number;
      readonly tokens: readonly Token[];
      readonly trimLeft: boolean;
      readonly trimRight: boolean;
    }
  | {
      readonly kind: 'comment';
      readonly start: number;
      readonly end: number;
      readonly trimLeft: boolean;
      readonly trimRight: boolean;
    };

/** Items in order, and the lexical error that stopped the scan, if any. */
export interface ScanResult {
  readonly items: readonly ScanItem[];
  readonly fatal: TemplateIssue | undefined;
}

type ItemOrIssue = { item: ScanItem; fatal?: undefined } | { item?: undefined; fatal: TemplateIssue };

/** A comment action: it must touch the delimiters (or their trim markers), as in Go. */
function scanComment(text: string, open: number, p: number, trimLeft: boolean): ItemOrIssue {
  const close = text.indexOf('*/', p + 2);
  if (close < 0) {
    return {
      fatal: {
        code: 'TEMPLATE_UNCLOSED_ACTION',
        message: 'This comment is never closed; add "*/}}".',
        start: open,
        end: text.length,
      },
    };
  }
  const q = close + 2;
  if (text.startsWith('}}', q))
    return { item: { kind: 'comment', start: open, end: q + 2, trimLeft, trimRight: false } };
  if (isSpace(text[q]) && text.startsWith('-}}', q + 1))
    return { item: { kind: 'comment', start: open, end: q + 4, trimLeft, trimRight: true } };
  return {
    fatal: {
      code: 'TEMPLATE_SYNTAX',
      message: 'A comment must end right before "}}", as in {{/* note */}}.',
      start: open,
      end: q,
    },
  };
}

function scanAction(text: string, open: number): ItemOrIssue {
  let p = open + 2;
  // "{{- " trims the whitespace before the action; the dash needs a space after it ("{{-3}}" is -3).
  const trimLeft = text[p] === '-' && isSpace(text[p + 1]);
  if (trimLeft) p += 2;
  if (text.startsWith('/*', p)) return scanComment(text, open, p, trimLeft);
  const lexed = lexAction(text, open, p, { string: lexString, number: lexNumber });
  if (lexed.fatal) return { fatal: lexed.fatal };
  return {
    item: { kind: 'action', start: open, end: lexed.end, tokens: lexed.tokens, trimLeft, trimRight: lexed.trimRight },
  };
}

/**
 * Splits a template into text, actions (with their tokens) and comments in one left-to-right
 * pass. Stops at the first lexical error (an unterminated string, action or comment), as Go does;
 * later stages report the rest.
 */
export function scanTemplate(text: string): ScanResult {
  const items: ScanItem[] = [];
  let pos = 0;
  while (pos < text.length) {
    const open = text.indexOf('{{', pos);
    if (open < 0) {
      items.push({ kind: 'text', start: pos, end: text.length });
      break;
    }
    if (open > pos) items.push({ kind: 'text', start: pos, end: open });
    const scanned = scanAction(text, open);
    if (scanned.fatal) return { items, fatal: scanned.fatal };
    items.push(scanned.item);
    pos = scanned.item.end;
  }
  return { items, fatal: undefined };
}
