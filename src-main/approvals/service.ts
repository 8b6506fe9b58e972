import { randomBytes } from 'node:crypto';
import type {
  ApprovalListResponse,
  ApprovalPushMessage,
  ApprovalReviewResponse,
  ApprovalStatus,
  ApprovalView,
  GateDecision,
  MemberRole,
  ToolResult,
} from '../../src-shared';
import { Refusal } from '../platform/errors';
import type { Publish } from '../platform/events';
import type { ApprovalHolder, RegisteredTool, SkillRegistry, ToolContext } from '../platform/registry';
import type { ProtocolRecorder } from '../protocol';
import type { ApprovalStore, StoredApproval } from './store';
import { plainWordsOf } from './wording';

/** The household's members as approvals need them: who is an admin, whose language is what. */
export interface ApprovalMember {
  readonly id: string;
  readonly name: string;
  readonly role: MemberRole;
  readonly language?: string;
}

export interface ApprovalMembers {
  list(): readonly ApprovalMember[];
  get(id: string): ApprovalMember | undefined;
  desktopMember(): ApprovalMember;
}

/** A message for one member's devices (Web Push) and ntfy, as they chose in their notifications. */
export interface ApprovalMessage {
  readonly push: ApprovalPushMessage;
  readonly ntfy: { readonly title: string; readonly body: string; readonly priority: 3 | 4; readonly tags: readonly string[] };
}

export interface ApprovalNotifier {
  tell(memberId: string, message: ApprovalMessage): Promise<unknown>;
}

export interface ApprovalServiceDeps {
  readonly store: ApprovalStore;
  readonly registry: SkillRegistry;
  readonly members: ApprovalMembers;
  readonly notifier: ApprovalNotifier;
  readonly recorder: ProtocolRecorder;
  readonly publish: Publish;
  readonly clock: () => Date;
  readonly timezone: string;
  /** How long a request waits before it expires. */
  readonly ttlMs: number;
  /** The household's language, for a member without their own. */
  readonly language: string;
  /** A protocol write failed: the approval itself goes on (the log says what failed). */
  readonly onAuditError: (operation: string, err: unknown) => void;
}

type Lang = 'de' | 'en';

const ROLE_WORDS: Record<Lang, Record<MemberRole, string>> = {
  de: { admin: 'Verwalter', adult: 'Erwachsen', child: 'Kind', guest: 'Gast' },
  en: { admin: 'admin', adult: 'adult', child: 'child', guest: 'guest' },
};

/**
 * A parent's approval for what a child or a guest asked: the gate says `approve`, the
 * registry hands the validated call here, and it waits. Every admin hears of it (push, ntfy,
 * the app); Allow runs exactly the stored call once, Refuse and expiry tell the asker. Each
 * step is a protocol record: the WorkSession of the asker, the PolicyDecision, the Request,
 * the Review by the admin (or by the household when it expired), the result and the outcome.
 */
export class ApprovalService implements ApprovalHolder {
  private readonly deliveries = new Set<Promise<unknown>>();

  constructor(private readonly d: ApprovalServiceDeps) {}

  hold(tool: RegisteredTool, args: Record<string, unknown>, ctx: ToolContext, decision: GateDecision): ToolResult {
    const { store, members, clock, ttlMs } = this.d;
    const asker = ctx.member ? members.get(ctx.member) : members.desktopMember();
    const askerId = asker?.id ?? ctx.member ?? members.desktopMember().id;
    const askerName = asker?.name ?? askerId;
    const what = plainWordsOf(tool, args);
    const id = `apr_${randomBytes(9).toString('base64url')}`;
    const now = clock().getTime();
    const audit = this.guard('request', () =>
      this.d.recorder.batch(() => {
        const sessionId = this.d.recorder.beginSession(`approval_${id}`, `${askerName}: ${what.de}`, { id: askerId, name: askerName });
        const recorded = this.d.recorder.decide(sessionId, tool.name, args, decision);
        const requestId = this.d.recorder.block(
          sessionId,
          recorded.decisionId,
          `${askerName} (${ROLE_WORDS.de[decision.role]}) bittet um die Freigabe eines Verwalters: ${what.de}`,
        );
        return { sessionId, requestId, decisionId: recorded.decisionId };
      }),
    );
    const stored = store.add({
      id,
      tool: tool.name,
      arguments: args,
      actor: ctx.actor,
      askerId,
      what,
      createdMs: now,
      expiresMs: now + ttlMs,
      sessionId: audit?.sessionId ?? null,
      requestId: audit?.requestId ?? null,
      decisionId: audit?.decisionId ?? null,
    });
    this.changed(stored);
    for (const admin of members.list()) {
      if (admin.role !== 'admin' || admin.id === askerId) continue;
      const lang = this.langOf(admin);
      const body = lang === 'en' ? `${askerName} asks: ${what.en}` : `${askerName} möchte: ${what.de}`;
      this.deliver(admin.id, {
        push: {
          kind: 'approval',
          title: lang === 'en' ? 'Approval needed' : 'Freigabe gefragt',
          body,
          url: `/?approval=${id}`,
          approval: { id, status: 'waiting' },
          actions: lang === 'en' ? { allow: 'Allow', refuse: 'Refuse' } : { allow: 'Erlauben', refuse: 'Ablehnen' },
        },
        ntfy: { title: lang === 'en' ? 'Approval needed' : 'Freigabe gefragt', body, priority: 4, tags: ['raising_hand'] },
      });
    }
    const lang = this.langOf(asker);
    const message =
      lang === 'en'
        ? `I asked an admin to allow this: ${what.en}. You will hear back.`
        : `Ich habe einen Verwalter um Erlaubnis gefragt: ${what.de}. Du bekommst Bescheid.`;
    return {
      success: false,
      error: { code: 'APPROVAL_REQUIRED', message },
      message,
      data: { approval: this.view(stored) },
      mutated: false,
    };
  }

  /** Runs the waiting call once, as the asker, with the admin's approval. A decided request stays as it is. */
  async allow(id: string, reviewerId: string): Promise<ApprovalReviewResponse> {
    const reviewer = this.reviewer(reviewerId);
    this.expireOverdue();
    const found = this.required(id);
    if (!this.d.store.decide(found.id, 'allowed', reviewer.id, this.d.clock().getTime()))
      return { approval: this.view(found), changed: false };
    this.audit(found, (sessionId, requestId) =>
      this.d.recorder.review(sessionId, requestId, true, this.d.recorder.memberActor(reviewer.id, reviewer.name)),
    );
    const result = await this.d.registry.call(found.tool, found.arguments, {
      traceId: `approval_${found.id}`,
      now: this.d.clock(),
      timezone: this.d.timezone,
      actor: found.actor,
      member: found.askerId,
      // The admin looked at exactly this call: it is the household's "ja" as well.
      confirmed: true,
      approved: true,
    });
    this.d.store.setOutcome(found.id, { success: result.success, message: result.message });
    this.audit(found, (sessionId) =>
      this.d.recorder.batch(() => {
        // The Review approved the decision that held the call: the result is its contribution.
        if (found.decisionId) this.d.recorder.contribute(sessionId, found.decisionId, 'tool_result', result.message, result);
        this.d.recorder.finish(sessionId, result.success ? 'completed' : 'failed', result.message);
      }),
    );
    const after = this.required(found.id);
    this.changed(after);
    const asker = this.d.members.get(found.askerId);
    const lang = this.langOf(asker);
    this.tellAsker(
      after,
      lang === 'en' ? 'Allowed' : 'Erlaubt',
      lang === 'en'
        ? `${reviewer.name} allowed it: ${found.what.en}. ${result.message}`
        : `${reviewer.name} hat es erlaubt: ${found.what.de}. ${result.message}`,
    );
    return { approval: this.view(after), changed: true };
  }

  refuse(id: string, reviewerId: string): ApprovalReviewResponse {
    const reviewer = this.reviewer(reviewerId);
    this.expireOverdue();
    const found = this.required(id);
    if (!this.d.store.decide(found.id, 'refused', reviewer.id, this.d.clock().getTime()))
      return { approval: this.view(found), changed: false };
    this.audit(found, (sessionId, requestId) =>
      this.d.recorder.batch(() => {
        this.d.recorder.review(sessionId, requestId, false, this.d.recorder.memberActor(reviewer.id, reviewer.name));
        this.d.recorder.finish(sessionId, 'cancelled', `Abgelehnt von ${reviewer.name}`);
      }),
    );
    const after = this.required(found.id);
    this.changed(after);
    const lang = this.langOf(this.d.members.get(found.askerId));
    this.tellAsker(
      after,
      lang === 'en' ? 'Not allowed' : 'Nicht erlaubt',
      lang === 'en' ? `${reviewer.name} said no: ${found.what.en}.` : `${reviewer.name} hat es nicht erlaubt: ${found.what.de}.`,
    );
    return { approval: this.view(after), changed: true };
  }

  /** Every waiting request whose time is up expires; the asker is told. Returns how many. */
  expireOverdue(): number {
    const now = this.d.clock().getTime();
    let count = 0;
    for (const found of this.d.store.overdue(now)) {
      if (!this.d.store.decide(found.id, 'expired', null, now)) continue;
      count += 1;
      this.audit(found, (sessionId, requestId) =>
        this.d.recorder.batch(() => {
          this.d.recorder.review(sessionId, requestId, false, undefined, 'Abgelaufen: kein Verwalter hat rechtzeitig geantwortet.');
          this.d.recorder.finish(sessionId, 'cancelled', 'Abgelaufen');
        }),
      );
      const after = this.required(found.id);
      this.changed(after);
      const lang = this.langOf(this.d.members.get(found.askerId));
      this.tellAsker(
        after,
        lang === 'en' ? 'No answer' : 'Keine Antwort',
        lang === 'en'
          ? `Nobody answered in time, so it did not happen: ${found.what.en}. Ask again if you still need it.`
          : `Niemand hat rechtzeitig geantwortet, deshalb ist es nicht passiert: ${found.what.de}. Frag gern noch einmal.`,
      );
    }
    if (count > 0) this.d.store.prune();
    return count;
  }

  /** An admin sees every request; anyone else only their own. */
  list(viewerId: string): ApprovalListResponse {
    this.expireOverdue();
    const viewer = this.d.members.get(viewerId);
    const admin = viewer?.role === 'admin';
    return { approvals: this.d.store.list(admin ? undefined : viewerId).map((a) => this.view(a)), may_review: admin };
  }

  get(id: string): ApprovalView | undefined {
    const found = this.d.store.get(id);
    return found ? this.view(found) : undefined;
  }

  /** Resolves when every notification started so far has been handed over (tests, stop). */
  async idle(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.all([...this.deliveries]);
  }

  private view(a: StoredApproval): ApprovalView {
    const asker = this.d.members.get(a.askerId);
    const reviewer = a.reviewerId ? this.d.members.get(a.reviewerId) : undefined;
    return {
      id: a.id,
      status: a.status,
      asker_id: a.askerId,
      asker_name: asker?.name ?? '',
      what: a.what,
      created_at: new Date(a.createdMs).toISOString(),
      expires_at: new Date(a.expiresMs).toISOString(),
      decided_at: a.decidedMs === null ? null : new Date(a.decidedMs).toISOString(),
      reviewer_id: a.reviewerId,
      reviewer_name: a.reviewerId ? (reviewer?.name ?? '') : null,
      outcome: a.outcome,
    };
  }

  private reviewer(id: string): ApprovalMember {
    const member = this.d.members.get(id);
    if (member?.role !== 'admin')
      throw new Refusal('forbidden', 'ADMIN_ONLY', 'Only an admin of the household can allow or refuse a request.');
    return member;
  }

  private required(id: string): StoredApproval {
    const found = this.d.store.get(id);
    if (!found) throw new Refusal('not_found', 'APPROVAL_NOT_FOUND', 'This request does not exist (any more).');
    return found;
  }

  private langOf(member: ApprovalMember | undefined): Lang {
    const lang = member?.language ?? this.d.language;
    return lang === 'en' ? 'en' : 'de';
  }

  private tellAsker(a: StoredApproval, title: string, body: string): void {
    this.deliver(a.askerId, {
      push: { kind: 'approval', title, body, url: `/?approval=${a.id}`, approval: { id: a.id, status: a.status as ApprovalStatus } },
      ntfy: { title, body, priority: 3, tags: [a.status === 'allowed' ? 'white_check_mark' : 'no_entry'] },
    });
  }

  private deliver(memberId: string, message: ApprovalMessage): void {
    const work = this.d.notifier.tell(memberId, message).catch((err: unknown) => this.d.onAuditError('notify', err));
    this.deliveries.add(work);
    void work.finally(() => this.deliveries.delete(work));
  }

  private changed(a: StoredApproval): void {
    this.d.publish('approval.changed', { id: a.id, status: a.status, asker_id: a.askerId });
  }

  private audit(a: StoredApproval, write: (sessionId: string, requestId: string) => void): void {
    if (!a.sessionId || !a.requestId) return;
    this.guard('review', () => write(a.sessionId!, a.requestId!));
  }

  private guard<T>(operation: string, run: () => T): T | undefined {
    try {
      return run();
    } catch (err) {
      this.d.onAuditError(operation, err);
      return undefined;
    }
  }
}
