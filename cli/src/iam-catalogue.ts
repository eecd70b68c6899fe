import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { installIamCatalogue, type IamCatalogue } from '@keyfob/shared/iam-policy';

/**
 * Where the IAM catalogue's files are: beside the bundle (dist/esm/../iam, copied by build.mjs) in
 * the package, else schemas/generated/iam of the repository (sources, tests).
 */
const CANDIDATES = ['../iam/', '../../schemas/generated/iam/'];

/** Installs AWS's IAM catalogue from its files (each read on first use), or none when they are missing. */
export function installCatalogue(): IamCatalogue | undefined {
  const dir = CANDIDATES.map((c) => fileURLToPath(new URL(c, import.meta.url))).find((d) =>
    existsSync(`${d}index.json`),
  );
  if (dir === undefined) return undefined;
  return installIamCatalogue((name) => {
    try {
      return readFileSync(`${dir}${name}`, 'utf8');
    } catch {
      return undefined;
    }
  });
}
