import type { DecisionOutcome, GateDecision } from '../../src-shared';
import type { PolicyNarrowing, ProtocolRecorder } from '../protocol';

// The assistant as a client of the Jarvis protocol:
// each request is a WorkSession, each tool call gets a PolicyDecision first, a confirmation is
// a Request, `ja` / `nein` a Review, the end an OutcomeReport. The audit log must never take
// the assistant down: a failing record is reported and the request goes on.
//
// One request writes its records at two points, each one SQLite transaction: before a tool
// runs (the session and the decision, so the decision is on record before the action) and
// at the end (the contribution, the status, the outcome and the seal). What comes between
// them (the session's start, a contribution) waits in memory for the next point.

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

interface Deferred {
  readonly operation: string;
  readonly run: () => void;
}

export function protocolAudit(recorder: ProtocolRecorder, onError: (operation: string, err: unknown) => void): AuditTrail {
  let deferred: Deferred[] = [];
  /**
   * Writes what waited and then `run` in one transaction. Each record is its own savepoint:
   * one that fails is reported and left out, the others are written. A transaction that
   * fails as a whole reports every record in it and returns undefined.
   */
  const flush = <T>(operation: string, run: () => T, durable: boolean): T | undefined => {
    const waiting = deferred;
    deferred = [];
    const reported = new Set<string>();
    const guarded = <R>(op: string, fn: () => R): R | undefined => {
      try {
        return fn();
      } catch (err) {
        reported.add(op);
        onError(op, err);
        return undefined;
      }
    };
    try {
      return recorder.batch(
        () => {
          for (const d of waiting) guarded(d.operation, d.run);
          return guarded(operation, run);
        },
        { durable },
      );
    } catch (err) {
      for (const op of [...waiting.map((d) => d.operation), operation]) if (!reported.has(op)) onError(op, err);
      return undefined;
    }
  };
  const later = (operation: string, run: () => void): void => {
    deferred.push({ operation, run });
  };
  return {
    // The session id follows from the trace id: the session is written with the first decision, or at the end.
    begin: (traceId, goal, asker) => {
      try {
        const id = recorder.sessionIdFor(traceId);
        later('begin', () => recorder.beginSession(traceId, goal, asker));
        return id;
      } catch (err) {
        onError('begin', err);
        return undefined;
      }
    },
    // Before the tool runs; its commit does not wait for the disk: the tool's own write or the
    // request's end makes it durable (see docs/performance.md).
    decide: (session, tool, args, gate, narrowing) =>
      flush(
        'decide',
        () => {
          const d = recorder.decide(session, tool, args, gate, undefined, narrowing);
          return { session, decisionId: d.decisionId, outcome: d.outcome, reason: d.reason };
        },
        false,
      ),
    // The session then waits for the household, perhaps for long: on disk at once.
    block: (decision, summary) => flush('block', () => recorder.block(decision.session, decision.decisionId, summary), true),
    // A `ja` lets the confirmed call run next: like a decision, before the tool.
    review: (session, requestId, approve) => void flush('review', () => recorder.review(session, requestId, approve), false),
    takeover: (session, requestId, reason) => void flush('takeover', () => recorder.takeover(session, requestId, reason), true),
    contribute: (decision, summary, evidence) =>
      later('contribute', () => recorder.contribute(decision.session, decision.decisionId, 'tool_result', summary, evidence)),
    finish: (session, outcome, summary) => void flush('finish', () => recorder.finish(session, outcome, summary), true),
  };
}
