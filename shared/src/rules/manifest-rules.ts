import { isRecord } from '../text/index.ts';
import { defineRule, fieldPath, quote, type Rule, type RuleContext } from './rule.ts';
import { appendPointer } from '../text/json-pointer.ts';

const MOUNT = /^[\w.-]+(?:\/[\w.-]+)*$/;
const SECTIONS = ['roles', 'static_roles', 'lease', 'root'];

const notEmpty = defineRule<RuleContext>(
  'manifest',
  'MANIFEST_EMPTY',
  'manifest format (schemas/README.md)',
  (context, report) => {
    const declares = SECTIONS.some((section) => {
      const value = context.input[section];
      return isRecord(value) && (section === 'lease' || section === 'root' || Object.keys(value).length > 0);
    });
    if (declares) return;
    report({
      path: fieldPath(context, 'roles'),
      target: 'key',
      message: 'The manifest declares nothing; add roles, static_roles, lease or root.',
      data: { field: 'roles' },
    });
  },
);

const namesMatchKeys = defineRule<RuleContext>(
  'manifest',
  'MANIFEST_NAME_MISMATCH',
  'manifest format: the key is the engine name',
  (context, report) => {
    for (const section of ['roles', 'static_roles']) {
      const entries = context.fields.objects.get(section) ?? {};
      for (const [key, entry] of Object.entries(entries)) {
        if (!isRecord(entry) || typeof entry.name !== 'string' || entry.name === key) continue;
        report({
          path: appendPointer(fieldPath(context, section), key, 'name'),
          target: 'value',
          message: `name ${quote(entry.name)} differs from the key ${quote(key)} it is declared under; remove name or make it ${quote(key)}.`,
          data: { replacement: key },
        });
      }
    }
  },
);

const mountPath = defineRule<RuleContext>(
  'manifest',
  'MANIFEST_INVALID_MOUNT',
  'seed 1, Conventions ({mount} chosen by the operator)',
  (context, report) => {
    const mount = context.fields.strings.get('mount');
    if (mount === undefined || MOUNT.test(mount)) return;
    const replacement = mount.replace(/^\/+|\/+$/g, '');
    report({
      path: fieldPath(context, 'mount'),
      target: 'value',
      message: `mount ${quote(mount)} is not a mount path; use segments of letters, digits and _.- separated by "/", without "/" at either end.`,
      ...(MOUNT.test(replacement) ? { data: { replacement } } : {}),
    });
  },
);

/** Rules on the manifest's own keys; its entries are checked by the role, static-role, lease and root rules. */
export const manifestRules: readonly Rule[] = [notEmpty, namesMatchKeys, mountPath];
