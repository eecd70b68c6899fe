// Loads ajv 8 the way an outside tool would (the root node_modules holds ajv 6 for eslint, so
// resolve from schemas/, which has ajv 8 as a devDependency) and registers every resource schema.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const schemaDir = fileURLToPath(new URL('..', import.meta.url));

interface AjvError {
  readonly instancePath: string;
  readonly message?: string;
}
interface AjvValidate {
  (data: unknown): boolean;
  errors?: AjvError[] | null;
}
interface AjvInstance {
  addSchema(schema: unknown): AjvInstance;
  getSchema(id: string): AjvValidate | undefined;
}
type AjvClass = new (options: Record<string, unknown>) => AjvInstance;

const require = createRequire(new URL('../package.json', import.meta.url));
const Ajv = (require('ajv') as { default: AjvClass }).default;

/** A plain `new Ajv({ strict: false })` with every `*.schema.json` of the folder except platform history. */
export function plainAjv(): AjvInstance {
  const ajv = new Ajv({ strict: false, allErrors: true });
  for (const file of readdirSync(schemaDir)) {
    if (!file.endsWith('.schema.json') || file.startsWith('platform-history')) continue;
    ajv.addSchema(JSON.parse(readFileSync(`${schemaDir}/${file}`, 'utf8')));
  }
  return ajv;
}

/** The compiled validator of one schema file name, e.g. `role.schema.json`. */
export function validatorFor(ajv: AjvInstance, file: string): AjvValidate {
  const validate = ajv.getSchema(`https://keyfob.dev/schemas/${file}`);
  if (!validate) throw new Error(`no schema ${file}`);
  return validate;
}
