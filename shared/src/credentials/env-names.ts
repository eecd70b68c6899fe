import type { Problem } from '../problem.ts';
import { inputProblem } from './input-problem.ts';

/** The environment variable names one set of credentials is exported under. */
export interface EnvNameSet {
  readonly accessKey: string;
  readonly secretKey: string;
  readonly sessionToken: string;
  /** Every name that receives the region (AWS tools read two). */
  readonly region: readonly string[];
}

/**
 * Named sets: `cloud` is the engine's own convention (the names it reads itself, seed 1), `aws` the
 * names cloud CLIs and SDKs read.
 */
const ENV_PRESETS: Readonly<Record<string, EnvNameSet>> = {
  cloud: {
    accessKey: 'CLOUD_ACCESS_KEY',
    secretKey: 'CLOUD_SECRET_KEY',
    sessionToken: 'CLOUD_SESSION_TOKEN',
    region: ['CLOUD_REGION'],
  },
  aws: {
    accessKey: 'AWS_ACCESS_KEY_ID',
    secretKey: 'AWS_SECRET_ACCESS_KEY',
    sessionToken: 'AWS_SESSION_TOKEN',
    region: ['AWS_REGION', 'AWS_DEFAULT_REGION'],
  },
};

/** The env-names preset when none is given: the engine's own names. */
export const DEFAULT_ENV_NAMES = 'cloud';

/** Prefixes owned by the runner: exporting over them would break the job or hijack later steps. */
const RESERVED_PREFIXES = ['GITHUB_', 'RUNNER_', 'ACTIONS_', 'INPUT_', 'STATE_'];

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Resolves an env-names spec: a preset (`cloud`, `aws`) or a prefix such as `DEPLOY` or `DEPLOY_`,
 * which gives `DEPLOY_ACCESS_KEY`, `DEPLOY_SECRET_KEY`, `DEPLOY_SESSION_TOKEN` and `DEPLOY_REGION`.
 * `input` names the input in problems. Codes: `ENV_NAME_INVALID`, `ENV_NAME_RESERVED`.
 */
export function resolveEnvNames(
  spec: string,
  input = 'env-names',
): { value: EnvNameSet | undefined; problems: Problem[] } {
  const text = spec.trim();
  const preset = ENV_PRESETS[text.toLowerCase()];
  if (preset) return { value: preset, problems: [] };
  if (!NAME.test(text)) {
    return {
      value: undefined,
      problems: [
        inputProblem(
          'ENV_NAME_INVALID',
          input,
          `${input} "${text}" is neither a preset (${Object.keys(ENV_PRESETS).join(', ')}) nor a variable prefix of letters, digits and "_" such as "DEPLOY_".`,
        ),
      ],
    };
  }
  const prefix = text.endsWith('_') ? text : `${text}_`;
  const reserved = RESERVED_PREFIXES.find((r) => prefix.toUpperCase().startsWith(r));
  if (reserved !== undefined) {
    return {
      value: undefined,
      problems: [
        inputProblem(
          'ENV_NAME_RESERVED',
          input,
          `${input} "${text}" starts with ${reserved}, which the runner owns; pick another prefix.`,
        ),
      ],
    };
  }
  return {
    value: {
      accessKey: `${prefix}ACCESS_KEY`,
      secretKey: `${prefix}SECRET_KEY`,
      sessionToken: `${prefix}SESSION_TOKEN`,
      region: [`${prefix}REGION`],
    },
    problems: [],
  };
}

/** Every name of a set, for collision checks and the post step's clean-up. */
export function envNameList(set: EnvNameSet): string[] {
  return [set.accessKey, set.secretKey, set.sessionToken, ...set.region];
}
