import { CONNECTION_DEFAULTS, isEngineError } from '@keyfob/shared/client';
import { describeEngineFailure } from '@keyfob/shared/credentials';
import type { ActionConfig } from './action-config.ts';
import { LoginError } from './login.ts';
import { isStepFailure } from './step.ts';

/**
 * Turns whatever stopped the step into the one failure message: what was being done, the endpoint,
 * the HTTP status, the engine's (redacted) message and a hint naming the input to check. The caller
 * redacts the result once more with every secret the step has seen.
 */
export function describeFailure(error: unknown, config: ActionConfig | undefined): string {
  if (isStepFailure(error)) return error.message;
  if (error instanceof LoginError) return describeLogin(error);
  if (isEngineError(error)) {
    const role = roleOf(error.path, config);
    return describeEngineFailure(error, {
      operation: operationOf(config, role),
      ...(role === undefined ? {} : { role }),
      mount: config?.engine?.mount ?? CONNECTION_DEFAULTS.mount,
    });
  }
  const text = error instanceof Error ? error.message : String(error);
  return `The step failed unexpectedly: ${text}`;
}

function describeLogin(error: LoginError): string {
  const claims = error.claims === '' ? '' : ` The ID token's claims: ${error.claims}.`;
  if (isEngineError(error.cause)) {
    return `${describeEngineFailure(error.cause, { operation: 'log in to the engine with the GitHub ID token' })}${claims}`;
  }
  const text = error.cause instanceof Error ? error.cause.message : String(error.cause);
  return `Could not get a GitHub OIDC ID token: ${text}. Hint: the job needs \`permissions: id-token: write\` (workflows from forks never get a token); for local runs give the \`jwt\` input.`;
}

/** The role a failed request was about, from its path (`/v1/<mount>/<creds|sts|...>/<role>`). */
function roleOf(path: string, config: ActionConfig | undefined): string | undefined {
  const match = /\/(?:creds|sts|static-creds|static-roles|roles|rotate-role)\/([^/?]+)$/.exec(path);
  if (match?.[1]) return decodeURIComponent(match[1]);
  return config?.role ?? (config?.requests.length === 1 ? config.requests[0]?.role : undefined);
}

function operationOf(config: ActionConfig | undefined, role: string | undefined): string {
  const target = role === undefined ? '' : ` for role "${role}"`;
  switch (config?.mode) {
    case 'static-creds':
      return `get static credentials${target}`;
    case 'unwrap':
      return `unwrap the credentials${target}`;
    case 'rotate-root':
      return 'rotate the root key';
    case 'rotate-static':
      return `rotate static role "${role ?? ''}"`;
    case 'static-role':
      return `write static role "${role ?? ''}"`;
    case 'apply':
      return 'apply the role files';
    default:
      return `get credentials${target}`;
  }
}
