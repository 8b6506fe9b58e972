import { create } from 'zustand';
import { createCalendarSlice, type CalendarSlice } from './calendar-slice';
import { createBoardSlice, type BoardSlice } from './board-slice';
import { createChatSlice, type ChatSlice } from './chat-slice';
import { createDevicesSlice, type DevicesSlice } from './devices-slice';
import { createSubscriptionsSlice, type SubscriptionsSlice } from './subscriptions-slice';
import { createCalendarAccountsSlice, type CalendarAccountsSlice } from './calendar-accounts-slice';
import { createHandsFreeSlice, type HandsFreeSlice } from './hands-free-slice';
import { createHomeSlice, type HomeSlice } from './home-slice';
import { createHomeAssistantSlice, type HomeAssistantSlice } from './homeassistant-slice';
import { createKnowledgeSlice, type KnowledgeSlice } from './knowledge-slice';
import { createMcpQuestionsSlice, type McpQuestionsSlice } from './mcp-questions-slice';
import { createMeshSlice, type MeshSlice } from './mesh-slice';
import { createOutboxSlice, type OutboxSlice } from './outbox-slice';
import { createProtocolSlice, type ProtocolSlice } from './protocol-slice';
import { createSkillsSlice, type SkillsSlice } from './skills-slice';
import { createSystemSlice, type SystemSlice } from './system-slice';
import { createUiSlice, type UiSlice } from './ui-slice';
import { createUndoSlice, type UndoSlice } from './undo-slice';
import { createVoiceSlice, type VoiceSlice } from './voice-slice';
import { createZuhauseSlice, type ZuhauseSlice } from './zuhause-slice';
import { createHomeServerSlice, type HomeServerSlice } from './home-server-slice';
import { createWallSlice, type WallSlice } from './wall-slice';
import { createSettingsSlice, type SettingsSlice } from './settings-slice';
import { createApprovalsSlice, type ApprovalsSlice } from './approvals-slice';
import { createLearnedSlice, type LearnedSlice } from './learned-slice';
import { createMcpServersSlice, type McpServersSlice } from './mcp-servers-slice';

/** One store built from slices (zustand slices pattern); components select the smallest piece. */
export type Store = SystemSlice &
  UiSlice &
  HomeSlice &
  ChatSlice &
  VoiceSlice &
  HandsFreeSlice &
  KnowledgeSlice &
  SkillsSlice &
  MeshSlice &
  ProtocolSlice &
  CalendarSlice &
  OutboxSlice &
  UndoSlice &
  BoardSlice &
  HomeAssistantSlice &
  ZuhauseSlice &
  HomeServerSlice &
  DevicesSlice &
  SubscriptionsSlice &
  CalendarAccountsSlice &
  WallSlice &
  SettingsSlice &
  ApprovalsSlice &
  LearnedSlice &
  McpQuestionsSlice &
  McpServersSlice;

export const useStore = create<Store>()((...a) => ({
  ...createSystemSlice(...a),
  ...createUiSlice(...a),
  ...createHomeSlice(...a),
  ...createChatSlice(...a),
  ...createVoiceSlice(...a),
  ...createHandsFreeSlice(...a),
  ...createKnowledgeSlice(...a),
  ...createSkillsSlice(...a),
  ...createMeshSlice(...a),
  ...createProtocolSlice(...a),
  ...createCalendarSlice(...a),
  ...createOutboxSlice(...a),
  ...createUndoSlice(...a),
  ...createBoardSlice(...a),
  ...createHomeAssistantSlice(...a),
  ...createZuhauseSlice(...a),
  ...createHomeServerSlice(...a),
  ...createDevicesSlice(...a),
  ...createSubscriptionsSlice(...a),
  ...createCalendarAccountsSlice(...a),
  ...createWallSlice(...a),
  ...createSettingsSlice(...a),
  ...createApprovalsSlice(...a),
  ...createLearnedSlice(...a),
  ...createMcpQuestionsSlice(...a),
  ...createMcpServersSlice(...a),
}));
