// A parent's approval: a child's (or a guest's) call the gate held back until an admin
// allows or refuses it. The exact call is stored; allowing runs it once.

export const APPROVAL_STATUSES = ['waiting', 'allowed', 'refused', 'expired'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** One waiting (or decided) request as the app shows it: in plain words, never a tool name. */
export interface ApprovalView {
  readonly id: string;
  readonly status: ApprovalStatus;
  /** Who asked (a member id) and their name. */
  readonly asker_id: string;
  readonly asker_name: string;
  /** What the call does, in the household's words ("Spielkonsole im Heimnetz freigeben"). */
  readonly what: { readonly de: string; readonly en: string };
  readonly created_at: string;
  readonly expires_at: string;
  readonly decided_at: string | null;
  /** The admin who allowed or refused (a member id and name); null while waiting or once expired. */
  readonly reviewer_id: string | null;
  readonly reviewer_name: string | null;
  /** Once allowed: whether the call ran and what it said. */
  readonly outcome: { readonly success: boolean; readonly message: string } | null;
}

/** `GET /api/approvals`: an admin sees every request; anyone else their own. */
export interface ApprovalListResponse {
  readonly approvals: readonly ApprovalView[];
  /** Whether the viewer may allow and refuse (an admin). */
  readonly may_review: boolean;
}

/** `POST /api/approvals/{id}/allow|refuse`: the request after the review; `changed` false when it was already decided. */
export interface ApprovalReviewResponse {
  readonly approval: ApprovalView;
  readonly changed: boolean;
}

/** The `approval.changed` event: which request changed and how it stands now. */
export interface ApprovalChangedEvent {
  readonly id: string;
  readonly status: ApprovalStatus;
  readonly asker_id: string;
}

/** A push for an approval: admins get Allow / Refuse buttons, the asker hears the answer. */
export interface ApprovalPushMessage {
  readonly kind: 'approval';
  readonly title: string;
  readonly body: string;
  readonly url: string;
  readonly approval: { readonly id: string; readonly status: ApprovalStatus };
  /** The button labels in the recipient's language; absent on the asker's answer. */
  readonly actions?: { readonly allow: string; readonly refuse: string };
}
