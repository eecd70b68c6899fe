// Installs AWS's IAM catalogue for tests that run shared/ in-process, the way the keyfob command
// does at start (cli/src/iam-catalogue.ts: schemas/generated/iam, written by `npm run build`).
import type { IamCatalogue } from '@keyfob/shared/iam-policy';
import { installCatalogue } from '../../cli/src/iam-catalogue.ts';

/** The installed catalogue; throws when `npm run build` has not written it yet. */
export function useIamCatalogue(): IamCatalogue {
  const catalogue = installCatalogue();
  if (!catalogue) throw new Error('schemas/generated/iam is missing: run `npm run build` (schemas/iam-catalogue.mjs)');
  return catalogue;
}
