import { evaluate, missingContextKeys, type DecidingStatement, type PolicySource } from './evaluate.ts';
import type { RequestContext } from './context.ts';
import { statementPositions, type DocumentPosition } from './statement-positions.ts';

/** Where a simulated policy came from, in the simulator's words (`PolicySourceType`). */
export type SimulatedPolicyType = 'user' | 'group' | 'role' | 'aws-managed' | 'user-managed' | 'resource' | 'none';

/** One policy of a simulation: its identifier in the answer (`SourcePolicyId`), its type and document. */
export interface SimulatedPolicy {
  readonly id: string;
  readonly type: SimulatedPolicyType;
  /** JSON text, or an already parsed document (managed policies from the catalogue). */
  readonly document: unknown;
}

/** What the simulator is asked: every action on every resource (`*` when none), with the context given. */
export interface SimulationQuestion {
  readonly actions: readonly string[];
  readonly resources: readonly string[];
  readonly context: RequestContext;
  readonly identity: readonly SimulatedPolicy[];
  /** The permissions boundary; left out when there is none. */
  readonly boundary?: readonly SimulatedPolicy[];
}

/** The simulator's decision words (`PolicyEvaluationDecisionType`). */
type SimulationDecision = 'allowed' | 'explicitDeny' | 'implicitDeny';

/** A statement that decided, with its place in its policy document. */
interface MatchedStatement {
  readonly policyId: string;
  readonly policyType: SimulatedPolicyType;
  readonly start: DocumentPosition | undefined;
  readonly end: DocumentPosition | undefined;
}

/** One `EvaluationResult`. */
export interface SimulationResult {
  readonly action: string;
  readonly resource: string;
  readonly decision: SimulationDecision;
  readonly matched: readonly MatchedStatement[];
  readonly missingContextValues: readonly string[];
  /** Set when a boundary was part of the question: whether the boundary alone allows the call. */
  readonly allowedByBoundary: boolean | undefined;
}

/**
 * The provider's policy simulator over the same evaluator as every call of the emulated cloud and
 * `keyfob can-i`: one result per action and resource, the statements that decided (the Deny, or
 * the allowing statements) with their line and column, and the condition keys the covering
 * statements read that the context lacks.
 */
export function simulatePolicies(question: SimulationQuestion): SimulationResult[] {
  const all = [...question.identity, ...(question.boundary ?? [])];
  const sources = all.map((policy, index): PolicySource => ({ label: String(index), document: policy.document }));
  const identity = sources.slice(0, question.identity.length);
  const boundary = question.boundary ? { boundary: sources.slice(question.identity.length) } : {};
  const resources = question.resources.length > 0 ? question.resources : ['*'];
  const out: SimulationResult[] = [];
  for (const action of question.actions) {
    for (const resource of resources) {
      const input = { action, resource, context: question.context, identity, ...boundary };
      const evaluation = evaluate(input);
      const deciding =
        evaluation.decision === 'allow'
          ? evaluation.statements
          : evaluation.decision === 'explicit-deny'
            ? [evaluation.statement]
            : [];
      out.push({
        action,
        resource,
        decision:
          evaluation.decision === 'allow'
            ? 'allowed'
            : evaluation.decision === 'explicit-deny'
              ? 'explicitDeny'
              : 'implicitDeny',
        matched: deciding.map((s) => matchedStatement(all, s)),
        missingContextValues: missingContextKeys(input),
        allowedByBoundary: boundary.boundary
          ? evaluate({ action, resource, context: question.context, identity: boundary.boundary }).decision === 'allow'
          : undefined,
      });
    }
  }
  return out;
}

function matchedStatement(all: readonly SimulatedPolicy[], statement: DecidingStatement): MatchedStatement {
  const policy = all[Number(statement.policy)];
  const span = policy ? statementPositions(documentText(policy.document))[statement.index] : undefined;
  return {
    policyId: policy?.id ?? statement.policy,
    policyType: policy?.type ?? 'none',
    start: span?.start,
    end: span?.end,
  };
}

/** A document as text: as given, or a parsed one laid out as the provider shows stored policies. */
export function documentText(document: unknown): string {
  return typeof document === 'string' ? document : JSON.stringify(document, null, 4);
}
