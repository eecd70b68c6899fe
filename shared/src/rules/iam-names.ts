/**
 * A string member of AWS IAM's API model: its length bounds and the regular expression the whole
 * value must match, as the model writes it (botocore `iam/…/service-2.json`, shapes `userNameType` and
 * `pathType`; AWS's servers check them and answer `ValidationError`).
 */
export interface IamStringRule {
  readonly min: number;
  readonly max: number;
  /** The model's pattern text, quoted as-is in AWS's error message. */
  readonly pattern: string;
}

/** IAM user names: 1 to 64 characters from letters, digits and `+=,.@_-`. */
export const IAM_USER_NAME_RULE: IamStringRule = { min: 1, max: 64, pattern: '[\\w+=,.@-]+' };

/** IAM paths: `/` alone, or `/` + at least one of U+0021..U+007E (no space, no DEL, no non-ASCII) + `/`. */
export const IAM_PATH_RULE: IamStringRule = {
  min: 1,
  max: 512,
  pattern: '(\\u002F)|(\\u002F[\\u0021-\\u007E]+\\u002F)',
};

// The model's patterns are Java regexps matched against the whole value; `\w` and `\uXXXX` mean the
// same in a JavaScript RegExp without the `u` flag (ASCII word characters).
const compiled = new Map<IamStringRule, RegExp>();

function matcher(rule: IamStringRule): RegExp {
  let found = compiled.get(rule);
  if (!found) {
    found = new RegExp(`^(?:${rule.pattern})$`);
    compiled.set(rule, found);
  }
  return found;
}

/**
 * The constraints of `rule` that `value` fails, in AWS's words (`Member must satisfy regular expression
 * pattern: …`, `Member must have length less than or equal to 64`); empty when the value is valid.
 */
export function iamConstraintFaults(value: string, rule: IamStringRule): string[] {
  const faults: string[] = [];
  if (value.length < rule.min) faults.push(`Member must have length greater than or equal to ${rule.min}`);
  if (value.length > rule.max) faults.push(`Member must have length less than or equal to ${rule.max}`);
  if (value.length >= rule.min && !matcher(rule).test(value))
    faults.push(`Member must satisfy regular expression pattern: ${rule.pattern}`);
  return faults;
}

/** The first character outside printable ASCII (U+0021..U+007E), as `U+007F (DEL)`; undefined if none. */
export function firstNonPrintable(value: string): string | undefined {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x21 && code <= 0x7e) continue;
    const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    const name = code === 0x20 ? ' (space)' : code === 0x7f ? ' (DEL)' : code < 0x20 ? ' (a control character)' : '';
    return `${hex}${name}`;
  }
  return undefined;
}
