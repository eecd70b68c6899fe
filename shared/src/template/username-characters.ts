import type { Template, TemplateNode, TextNode } from './ast.ts';
import type { TemplateIssue } from './template-issue.ts';

/** A character IAM user names, role session names and federated-user names may hold (`[\w+=,.@-]`). */
const NAME_CHARACTER = /[\w+=,.@-]/;
/** Most findings reported for one template (each bad run of text is one). */
const MAX_ISSUES = 10;

function describe(character: string): string {
  if (character === ' ') return 'a space';
  if (character === '\n' || character === '\r') return 'a line break';
  if (character === '\t') return 'a tab';
  return `"${character}"`;
}

function textNodes(nodes: readonly TemplateNode[], out: TextNode[]): TextNode[] {
  for (const node of nodes) {
    if (node.kind === 'text') out.push(node);
    else if (node.kind === 'if') {
      for (const branch of node.branches) textNodes(branch.body, out);
      if (node.elseBody) textNodes(node.elseBody, out);
    }
  }
  return out;
}

/**
 * `TEMPLATE_USERNAME_CHARACTERS`: literal text of the template that puts a character the provider
 * refuses in user names (anything but letters, digits and `+=,.@_-`) into every name made through
 * it, so CreateUser, AssumeRole's session name or GetFederationToken fails with ValidationError.
 * One finding per run of such characters, on exactly those characters. Values the engine fills in
 * (`.DisplayName`, `.PolicyName`) are not judged: the engine replaces their bad characters.
 */
export function usernameCharacterIssues(template: Template): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  for (const node of textNodes(template.nodes, [])) {
    // Trim markers (`{{-`, `-}}`) take whitespace off the written text: find it inside its span.
    const written = template.source.slice(node.start, node.end);
    const base = node.start + Math.max(0, written.indexOf(node.text));
    for (let i = 0; i < node.text.length && issues.length < MAX_ISSUES; i++) {
      const character = node.text[i] ?? '';
      if (NAME_CHARACTER.test(character)) continue;
      let end = i + 1;
      while (end < node.text.length && !NAME_CHARACTER.test(node.text[end] ?? '')) end++;
      const run = node.text.slice(i, end);
      const what =
        run.length === 1
          ? describe(character)
          : `${describe(character)} and ${run.length - 1} more character${run.length > 2 ? 's' : ''} after it`;
      issues.push({
        code: 'TEMPLATE_USERNAME_CHARACTERS',
        message: `The template writes ${what} into the names it makes; provider user names hold only letters, digits and + = , . @ _ -, so iam_user, assumed_role and federation_token generations through this text fail with ValidationError. Remove it or write "-" instead.`,
        start: base + i,
        end: base + end,
      });
      i = end - 1;
    }
  }
  return issues;
}
