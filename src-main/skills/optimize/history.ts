import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { OutcomeReport, PolicyDecision, WorkSession } from '../../../src-shared';

// What the household asked and what answered it, read back from the two records JARVIS
// keeps: the debug trace (JSON lines in JARVIS_DEBUG_DIR: request, every tool call with its
// arguments, the reply) and the protocol (every request a WorkSession with its goal, every
// tool call a PolicyDecision, arguments only as a hash). A request in both is read from the
// trace, which has the arguments.

export interface RecordedCall {
  readonly tool: string;
  /** Absent when only the protocol saw the call (it keeps a hash, not the arguments). */
  readonly arguments?: Readonly<Record<string, unknown>>;
}

export interface RecordedRequest {
  readonly id: string;
  readonly request: string;
  readonly calls: readonly RecordedCall[];
  /** Every call succeeded and the request ended without an error or a pending confirmation. */
  readonly success: boolean;
  readonly reply?: string;
  readonly from: 'trace' | 'protocol';
}

/** Trace files read at most (the newest), and bytes per file: history, not a database. */
const MAX_TRACE_FILES = 60;
const MAX_TRACE_FILE_BYTES = 64 * 1024 * 1024;

interface TraceLine {
  readonly trace_id?: unknown;
  readonly component?: unknown;
  readonly stage?: unknown;
  readonly data?: unknown;
}

interface Draft {
  request?: string;
  calls: RecordedCall[];
  failed: boolean;
  pending: boolean;
  done: boolean;
  reply?: string;
  /** A `ja` that ran the call another request had to ask about: its trace id. */
  confirms?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The assistant's requests in the trace files of a folder (`trace-YYYY-MM-DD.jsonl`). */
export function readTraceHistory(dir: string | undefined): RecordedRequest[] {
  if (!dir) return [];
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => /^trace-\d{4}-\d{2}-\d{2}\.jsonl$/.test(f))
      .sort()
      .slice(-MAX_TRACE_FILES);
  } catch {
    return [];
  }
  const drafts = new Map<string, Draft>();
  for (const file of files) {
    const path = join(dir, file);
    try {
      if (statSync(path).size > MAX_TRACE_FILE_BYTES) continue;
    } catch {
      continue;
    }
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      let event: TraceLine;
      try {
        event = JSON.parse(line) as TraceLine;
      } catch {
        continue; // a line cut by a full disk
      }
      if (event.component !== 'agent' || typeof event.trace_id !== 'string') continue;
      addTraceEvent(drafts, event.trace_id, String(event.stage), isObject(event.data) ? event.data : {});
    }
  }
  // A confirmed call finishes the request that asked for it; the `ja` is no request of its own.
  for (const d of drafts.values()) {
    const asked = d.confirms ? drafts.get(d.confirms) : undefined;
    if (!asked || !d.done) continue;
    asked.pending = false;
    asked.failed ||= d.failed;
    if (d.reply) asked.reply = d.reply;
  }
  const out: RecordedRequest[] = [];
  for (const [id, d] of drafts) {
    if (!d.request || !d.done || d.confirms) continue;
    out.push({
      id,
      request: d.request,
      calls: d.calls,
      success: !d.failed && !d.pending,
      ...(d.reply ? { reply: d.reply } : {}),
      from: 'trace',
    });
  }
  return out;
}

function addTraceEvent(drafts: Map<string, Draft>, id: string, stage: string, data: Record<string, unknown>): void {
  if (stage === 'request') {
    if (typeof data.message === 'string') drafts.set(id, { request: data.message, calls: [], failed: false, pending: false, done: false });
    return;
  }
  const d = drafts.get(id);
  if (!d) return;
  if (stage === 'tool_call' && typeof data.tool === 'string') {
    d.calls.push({ tool: data.tool, ...(isObject(data.arguments) ? { arguments: data.arguments } : {}) });
  } else if (stage === 'tool_result' && data.success !== true) d.failed = true;
  else if (stage === 'pending_tool_set') d.pending = true;
  else if (stage === 'pending_tool_execute' && typeof data.set_in === 'string') d.confirms = data.set_in;
  else if (stage === 'completed') {
    d.done = true;
    if (data.source === 'error') d.failed = true;
    if (typeof data.reply === 'string') d.reply = data.reply;
  }
}

/** The assistant's requests in the protocol records (`readRecordsReadonly`). */
export function readProtocolHistory(records: Readonly<Record<string, readonly unknown[]>>): RecordedRequest[] {
  const sessions = (records.WorkSession ?? []) as WorkSession[];
  const decisions = new Map<string, PolicyDecision[]>();
  for (const d of (records.PolicyDecision ?? []) as PolicyDecision[]) {
    if (!d?.work_session_id || !d.action?.tool) continue;
    decisions.set(d.work_session_id, [...(decisions.get(d.work_session_id) ?? []), d]);
  }
  const replies = new Map<string, string>();
  for (const r of (records.OutcomeReport ?? []) as OutcomeReport[]) if (r?.work_session_id) replies.set(r.work_session_id, r.summary);
  const out: RecordedRequest[] = [];
  for (const s of sessions) {
    if (!s?.work_session_id || typeof s.goal !== 'string') continue;
    if (s.status === 'open' || s.status === 'blocked') continue;
    const calls = (decisions.get(s.work_session_id) ?? []).map((d) => ({ tool: d.action.tool }));
    const reply = replies.get(s.work_session_id);
    out.push({
      id: s.work_session_id,
      request: s.goal,
      calls,
      success: s.status === 'completed',
      ...(reply ? { reply } : {}),
      from: 'protocol',
    });
  }
  return out;
}

/** Both records as one history; a request in the trace replaces its protocol copy. */
export function mergeHistory(trace: readonly RecordedRequest[], protocol: readonly RecordedRequest[]): RecordedRequest[] {
  // The protocol names a request's WorkSession after its trace id (ws_<trace id>).
  const traced = new Set(trace.map((r) => `ws_${r.id.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 100)}`));
  return [...trace, ...protocol.filter((r) => !traced.has(r.id))];
}
