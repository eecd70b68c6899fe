import { appendPointer } from '../text/json-pointer.ts';
import { policyFaults, policyShapeFault } from './policy-faults.ts';
import { policyTextSpan } from './policy-text-spans.ts';
import type { RoleContext } from './role-context.ts';
import { defineRule, fieldPath, type Rule } from './rule.ts';

const policyDocumentJson = defineRule<RoleContext>(
  'role',
  'ROLE_INVALID_POLICY_DOCUMENT',
  'seed 1, Role table (policy_document: policy document, JSON text)',
  (context, report) => {
    const policy = context.fields.policies.get('policy_document');
    if (!policy) return;
    const fault =
      policy.error !== undefined ? `the JSON does not parse (${policy.error})` : policyShapeFault(policy.parsed);
    if (fault === undefined || (policy.text === '' && policy.error === undefined)) return;
    report({
      path: fieldPath(context, 'policy_document'),
      target: 'value',
      message: `policy_document must be a JSON policy object: ${fault}.`,
      // The engine refuses only text that does not parse; other JSON it stores as it is.
      ...(policy.error === undefined ? { data: { engineAccepts: true } } : {}),
    });
  },
);

const policyDocumentSane = defineRule<RoleContext>(
  'role',
  'ROLE_POLICY_DOCUMENT_SUSPECT',
  'seed 1, Role table (policy_document: an IAM policy); provider policy grammar',
  (context, report) => {
    const policy = context.fields.policies.get('policy_document');
    const parsed = policy?.parsed;
    if (!policy || policyShapeFault(parsed) !== undefined) return;
    const base = fieldPath(context, 'policy_document');
    const raw = context.input.policy_document;
    for (const fault of policyFaults(parsed as Record<string, unknown>)) {
      // Inside JSON text there are no pointers in the file: the offsets of the spot inside the text
      // let attachRanges put the range on those characters of the string or block scalar.
      const path = policy.fromObject ? appendPointer(base, ...fault.segments) : base;
      const span =
        !policy.fromObject && typeof raw === 'string' ? policyTextSpan(raw, fault.segments, fault.target) : undefined;
      const data = { ...(fault.replacement !== undefined ? { replacement: fault.replacement } : {}), ...span };
      report({
        path,
        target: policy.fromObject ? fault.target : 'value',
        message: `policy_document ${fault.message}.`,
        ...(Object.keys(data).length > 0 ? { data } : {}),
      });
    }
  },
);

/** Rules on `policy_document`. */
export const rolePolicyRules: readonly Rule<RoleContext>[] = [policyDocumentJson, policyDocumentSane];
