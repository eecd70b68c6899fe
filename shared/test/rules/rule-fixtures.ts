// Loads the table of rule cases in test/fixtures/rules/*.yaml and runs one through the validators.
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { Problem } from '@keyfob/shared/problem';
import {
  validateCredentialRequest,
  validateJwtRole,
  validateLeaseConfig,
  validateManifest,
  validateRole,
  validateRootConfig,
  validateStaticRole,
} from '@keyfob/shared/rules';
import { useIamCatalogue } from '../../../test/helpers/iam-catalogue.ts';

// The policy rules consult AWS's catalogue as the keyfob command and the language server do.
useIamCatalogue();

/** One rule case: a source that must not raise `code` (nor any error) and one that must. */
export interface RuleCase {
  readonly name: string;
  readonly code: string;
  readonly valid: string;
  readonly invalid: string;
  readonly path: string;
  readonly target: 'key' | 'value';
  /** 1-based start of the range in the YAML source. */
  readonly line: number;
  readonly column: number;
  /** The decoded text the range covers (key name, scalar value or list item); absent for collections. */
  readonly text?: string;
  /** Base name of the file (role name); default `case`. */
  readonly fileName?: string;
  /** Substring the message must contain (case-insensitive). */
  readonly message?: string;
  /** Entries `data` must contain. */
  readonly data?: Readonly<Record<string, unknown>>;
  /** For credential requests: the role (YAML) the request is for. */
  readonly role?: string;
  /** For credential requests: the path the invalid request comes through. */
  readonly endpoint?: 'creds' | 'sts';
  /** For credential requests: the path the valid request comes through. */
  readonly validEndpoint?: 'creds' | 'sts';
}

/** A fixture file: the kind of resource and its cases. */
export interface RuleFixture {
  readonly file: string;
  readonly kind:
    'role' | 'static-role' | 'root-config' | 'lease-config' | 'manifest' | 'credential-request' | 'jwt-role';
  readonly cases: readonly RuleCase[];
}

const fixtureDir = new URL('../../../test/fixtures/rules/', import.meta.url);

/** Every fixture file of the folder. */
export function loadFixtures(): RuleFixture[] {
  return readdirSync(fixtureDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((file) => ({
      file,
      ...(parse(readFileSync(new URL(file, fixtureDir), 'utf8')) as Omit<RuleFixture, 'file'>),
    }));
}

/** Validates a parsed value as the fixture's kind, without any source text. */
export function validateValue(
  kind: RuleFixture['kind'],
  value: unknown,
  testCase: RuleCase,
  which: 'valid' | 'invalid',
): Problem[] {
  const name = testCase.fileName ?? 'case';
  switch (kind) {
    case 'role':
      return validateRole(value, { name }).problems;
    case 'static-role':
      return validateStaticRole(value, { name }).problems;
    case 'root-config':
      return validateRootConfig(value, { source: 'file' }).problems;
    case 'lease-config':
      return validateLeaseConfig(value).problems;
    case 'manifest':
      return validateManifest(value).problems;
    case 'jwt-role':
      return validateJwtRole(value).problems;
    case 'credential-request': {
      const role = testCase.role === undefined ? undefined : validateRole(parse(testCase.role)).value;
      if (testCase.role !== undefined && !role) throw new Error(`${testCase.name}: the role of the case is not valid`);
      const endpoint = which === 'valid' ? testCase.validEndpoint : testCase.endpoint;
      return validateCredentialRequest(value, { ...(role ? { role } : {}), ...(endpoint ? { endpoint } : {}) })
        .problems;
    }
  }
}

/** The file name lintText gets for a case, by kind and format. */
export function fileNameFor(kind: RuleFixture['kind'], testCase: RuleCase, extension: 'yaml' | 'json'): string {
  return `${testCase.fileName ?? 'case'}.${kind}.${extension}`;
}
