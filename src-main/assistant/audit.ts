import type { DecisionOutcome, GateDecision } from '../../src-shared';
import type { PolicyNarrowing, ProtocolRecorder } from '../protocol';

// The assistant as a client of the Jarvis protocol:
// each request is a WorkSession, each tool call gets a PolicyDecision first, a confirmation is
// a Request, `ja` / `nein` a Review, the end an OutcomeReport. The audit log must never take
// the assistant down: a failing record is reported and the request goes on.

export interface AuditDecision {
  readonly session: string;
  readonly decisionId: string;
  readonly outcome: DecisionOutcome;
  readonly reason: string;
}

export interface AuditTrail {
  /** `asker`: the household member whose request it is; the session's owner Actor names them. */
  begin(traceId: string, goal: string, asker?: { readonly id: string; readonly name: string }): string | undefined;
  /** Records the gate's decision; `narrowing`: a skill followed in this request does not allow the tool (a deny). */
  decide(
    session: string,
    tool: string,
    args: Record<string, unknown>,
    gate: GateDecision,
    narrowing?: PolicyNarrowing,
  ): AuditDecision | undefined;
  block(decision: AuditDecision, summary: string): string | undefined;
  review(session: string, requestId: string, approve: boolean): void;
  takeover(session: string, requestId: string, reason: string): void;
  contribute(decision: AuditDecision, summary: string, evidence: unknown): void;
  finish(session: string, outcome: 'completed' | 'failed' | 'cancelled', summary: string): void;
}

export function protocolAudit(recorder: ProtocolRecorder, onError: (operation: string, err: unknown) => void): AuditTrail {
  const guard = <T>(operation: string, run: () => T): T | undefined => {
    try {
      return run();
    } catch (err) {
      onError(operation, err);
      return undefined;
    }
  };
  return {
    begin: (traceId, goal, asker) => guard('begin', () => recorder.beginSession(traceId, goal, asker)),
    decide: (session, tool, args, gate, narrowing) =>
      guard('decide', () => {
        const d = recorder.decide(session, tool, args, gate, undefined, narrowing);
        return { session, decisionId: d.decisionId, outcome: d.outcome, reason: d.reason };
      }),
    block: (decision, summary) => guard('block', () => recorder.block(decision.session, decision.decisionId, summary)),
    review: (session, requestId, approve) => void guard('review', () => recorder.review(session, requestId, approve)),
    takeover: (session, requestId, reason) => void guard('takeover', () => recorder.takeover(session, requestId, reason)),
    contribute: (decision, summary, evidence) =>
      void guard('contribute', () => recorder.contribute(decision.session, decision.decisionId, 'tool_result', summary, evidence)),
    finish: (session, outcome, summary) => void guard('finish', () => recorder.finish(session, outcome, summary)),
  };
}
