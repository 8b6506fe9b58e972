import type { StateCreator } from 'zustand';
import type { LearningRecord, MemoryProposal, ProtocolSessionDetail, WorkSession } from '../../../src-shared';
import { decideLearningRecord, decideMemoryProposal, protocolMutation, protocolRead } from '../protocol-client';
import { t } from '../i18n';
import { failed, idle, loading, messageOf, type Resource, newestWins } from './resource';
import type { Store } from './index';

export interface ProtocolSlice {
  protocolSessions: Resource<readonly WorkSession[]>;
  memoryProposals: Resource<readonly MemoryProposal[]>;
  /** What the assistant learned from a request, waiting for the household to keep or discard it. */
  learningRecords: Resource<readonly LearningRecord[]>;
  selectedSession?: string;
  sessionDetail: Resource<ProtocolSessionDetail>;
  /** Ids of proposals with a decision on the way (their buttons are disabled). */
  deciding: readonly string[];
  loadProtocol(): Promise<void>;
  selectSession(id: string | undefined): Promise<void>;
  decideMemory(proposal: MemoryProposal, decision: 'accept' | 'reject'): Promise<void>;
  decideLearning(record: LearningRecord, decision: 'accept' | 'reject'): Promise<void>;
  decideSkill(proposalId: string, skillName: string, decision: 'accept' | 'reject'): Promise<void>;
}

const SESSION_LIMIT = 30;

export const createProtocolSlice: StateCreator<Store, [], [], ProtocolSlice> = (set, get) => {
  const newest = newestWins();
  const busy = async (id: string, run: () => Promise<void>) => {
    if (get().deciding.includes(id)) return;
    set({ deciding: [...get().deciding, id] });
    try {
      await run();
    } catch (e) {
      get().notify('error', messageOf(e));
    } finally {
      set({ deciding: get().deciding.filter((d) => d !== id) });
    }
  };

  return {
    protocolSessions: idle(),
    memoryProposals: idle(),
    learningRecords: idle(),
    sessionDetail: idle(),
    deciding: [],
    async loadProtocol() {
      const current = newest('protocol');
      set({
        protocolSessions: loading(get().protocolSessions),
        memoryProposals: loading(get().memoryProposals),
        learningRecords: loading(get().learningRecords),
      });
      const [sessions, memories, learning] = await Promise.allSettled([
        protocolRead('GET /api/protocol/sessions', { query: { limit: String(SESSION_LIMIT) } }),
        protocolRead('GET /api/protocol/memory-proposals'),
        protocolRead('GET /api/protocol/learning'),
      ]);
      if (!current()) return;
      set({
        protocolSessions:
          sessions.status === 'fulfilled'
            ? { status: 'ready', data: sessions.value.sessions }
            : failed(get().protocolSessions, sessions.reason),
        memoryProposals:
          memories.status === 'fulfilled'
            ? { status: 'ready', data: memories.value.proposals }
            : failed(get().memoryProposals, memories.reason),
        learningRecords:
          learning.status === 'fulfilled'
            ? { status: 'ready', data: learning.value.records }
            : failed(get().learningRecords, learning.reason),
      });
      const selected = get().selectedSession;
      if (selected) await get().selectSession(selected);
    },
    async selectSession(id) {
      if (!id) {
        set({ selectedSession: undefined, sessionDetail: idle() });
        return;
      }
      const previous = get().selectedSession === id ? get().sessionDetail : idle<ProtocolSessionDetail>();
      set({ selectedSession: id, sessionDetail: loading(previous) });
      try {
        const detail = await protocolRead('GET /api/protocol/sessions/{id}', { params: { id } });
        if (get().selectedSession === id) set({ sessionDetail: { status: 'ready', data: detail } });
      } catch (e) {
        if (get().selectedSession === id) set({ sessionDetail: failed(previous, e) });
      }
    },
    decideMemory: (proposal, decision) =>
      busy(proposal.proposal_id, async () => {
        await decideMemoryProposal(proposal.work_session_id, proposal.proposal_id, { decision });
        get().notify('info', t(decision === 'accept' ? 'notices.remembered' : 'notices.discarded', { fact: proposal.fact }));
        await get().loadProtocol();
      }),
    decideLearning: (record, decision) =>
      busy(record.learning_id, async () => {
        await decideLearningRecord(record.work_session_id, record.learning_id, { decision });
        get().notify(
          'info',
          t('notices.learning', {
            what: t(decision === 'accept' ? 'protocol.learningKeptNote' : 'protocol.learningDiscardedNote'),
            summary: record.summary,
          }),
        );
        await get().loadProtocol();
      }),
    decideSkill: (proposalId, skillName, decision) =>
      busy(proposalId, async () => {
        await protocolMutation('POST /api/protocol/skill-proposals/{id}/decision', { params: { id: proposalId }, body: { decision } });
        get().notify('info', t(decision === 'accept' ? 'notices.skillActivated' : 'notices.skillRejected', { name: skillName }));
        await get().loadSkills();
      }),
  };
};
