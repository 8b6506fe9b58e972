// Every loopback route the UI calls, keyed "METHOD /path" with {name} for a path parameter:
// what it accepts (`request`, a JSON body) and what it answers (`response`). The renderer's
// client and its test fake are both typed from this one table.

import type { DevicesResponse, PairingResponse } from './access';
import type {
  AppPasswordResponse,
  CalendarSubscription,
  CalendarSubscriptionCreateRequest,
  CalendarSubscriptionsResponse,
  CalendarSubscriptionUpdateRequest,
  SubscriptionEventsResponse,
} from './caldav';
import type { DebugExportResponse, HealthResponse, OkResponse, ToolCallRequest } from './api';
import type { ChatRequest, ChatResponse, ChatStreamErrorEvent, ChatStreamEvent, KanbanOrganizeResult } from './assistant';
import type { ToolResult } from './envelope';
import type { HomeState } from './home';
import type { HomeAssistantView } from './homeassistant';
import type { HomeHueResponse, HomeMachinesResponse } from './home-control';
import type {
  HomeProtectEventsResponse,
  HomeProtectResponse,
  HomeProxmoxResponse,
  HomeStacksResponse,
  HomeUnifiResponse,
} from './home-control-server';
import type { Member, MemberCreateRequest, MemberRemoveResponse, MembersResponse, MemberUpdateRequest } from './members';
import type { DockerServiceActionResponse, DockerSkillServicesResponse, MeshWorkerReloadResponse, MeshWorkersResponse } from './mesh';
import type {
  LearningDecisionResponse,
  LearningRecordsResponse,
  MemoryDecisionResponse,
  MemoryProposalsResponse,
  ProposalDecisionRequest,
  ProtocolSessionDetail,
  ProtocolSessionsResponse,
  SkillProposal,
} from './protocol';
import type { McpTokenCreated, McpTokenCreateRequest, McpTokensResponse } from './mcp';
import type {
  NotifySettings,
  NotifySettingsResponse,
  NotifySettingsUpdate,
  NotifySnoozeRequest,
  PushSubscriptionRequest,
  PushSubscriptionResponse,
  PushUnsubscribeRequest,
  VapidKeyResponse,
} from './notify';
import type { RiskPolicy, RiskPolicyResponse } from './risk';
import type { RagDocumentsResponse, RagIngestResponse, RagSearchResponse } from './rag';
import type {
  SkillOverlayRemoved,
  SkillSourcesResponse,
  SkillSourcesSyncRequest,
  SkillSourcesSyncStarted,
  SkillsReloadResponse,
  SkillsResponse,
} from './skills';
import type {
  ConnectionResult,
  HomeAssistantConnectRequest,
  HueCertificateRequest,
  HueCertificateResponse,
  HuePairRequest,
  MeshTokenRotated,
  ModelChoices,
  NtfyConnectRequest,
  SecretUpdate,
  SettingsResponse,
  SettingsUpdate,
  SetupStepUpdate,
} from './settings';
import type { VoiceCommandResponse, VoiceStatus } from './voice';

/** A text/event-stream answer whose events (`event:` the type, `data:` the JSON payload) are E. */
export interface EventStream<E extends { readonly type: string; readonly data: unknown }> {
  readonly events: E;
}

/** A file part of a multipart body: what a browser Blob or File has (src-shared sees no DOM types). */
export interface FormFile {
  readonly size: number;
  readonly type: string;
}

/** A multipart/form-data body with these fields (files as FormFile, the rest as text). */
export interface FormFields<F> {
  readonly form: F;
}

export interface ApiRoutes {
  'GET /api/health': { response: HealthResponse };
  'GET /api/state': { response: HomeState };
  'POST /api/tools/{name}': { request: ToolCallRequest; response: ToolResult };

  'GET /api/settings': { response: SettingsResponse };
  'PATCH /api/settings': { request: SettingsUpdate; response: SettingsResponse };
  'PUT /api/settings/secrets/{name}': { request: SecretUpdate; response: SettingsResponse };
  'DELETE /api/settings/secrets/{name}': { response: SettingsResponse };
  'PUT /api/settings/setup/{step}': { request: SetupStepUpdate; response: SettingsResponse };
  'POST /api/settings/mesh-token': { request: Record<string, never>; response: MeshTokenRotated };
  'GET /api/settings/models': { response: ModelChoices };
  'POST /api/settings/connections/hue/certificate': { request: HueCertificateRequest; response: HueCertificateResponse };
  'POST /api/settings/connections/hue': { request: HuePairRequest; response: ConnectionResult };
  'POST /api/settings/connections/homeassistant': { request: HomeAssistantConnectRequest; response: ConnectionResult };
  'POST /api/settings/connections/ntfy': { request: NtfyConnectRequest; response: ConnectionResult };

  'GET /api/members': { response: MembersResponse };
  'POST /api/members': { request: MemberCreateRequest; response: Member };
  'PATCH /api/members/{id}': { request: MemberUpdateRequest; response: Member };
  /** Query `assigned=unassign` when the member still has items (else 409 MEMBER_HAS_ITEMS). */
  'DELETE /api/members/{id}': { response: MemberRemoveResponse };

  'POST /api/agent/chat': { request: ChatRequest; response: ChatResponse };
  'POST /api/agent/chat/stream': { request: ChatRequest; response: EventStream<ChatStreamEvent | ChatStreamErrorEvent> };
  'POST /api/agent/clear': { request: Record<string, never>; response: OkResponse };

  'GET /api/skills': { response: SkillsResponse };
  'POST /api/skills/reload': { request: Record<string, never>; response: SkillsReloadResponse };
  'GET /api/skills/sources': { response: SkillSourcesResponse };
  /** 202 at once; progress and result come as `skills.sources` events. */
  'POST /api/skills/sources/sync': { request: SkillSourcesSyncRequest; response: SkillSourcesSyncStarted };
  'DELETE /api/skills/{id}/overlay': { response: SkillOverlayRemoved };

  'GET /api/mesh/workers': { response: MeshWorkersResponse };
  'POST /api/mesh/workers/{id}/reload': { request: Record<string, never>; response: MeshWorkerReloadResponse };
  'GET /api/docker/skill-services': { response: DockerSkillServicesResponse };
  'GET /api/home/homeassistant': { response: HomeAssistantView };
  'POST /api/docker/skill-services/{id}/{action}': { request: Record<string, never>; response: DockerServiceActionResponse };

  'GET /api/voice/status': { response: VoiceStatus };
  'POST /api/voice/command': {
    request: FormFields<{ audio: FormFile; module?: string; capture_ms: string; hands_free?: 'true' }>;
    response: VoiceCommandResponse;
  };

  'GET /api/rag/documents': { response: RagDocumentsResponse };
  'POST /api/rag/documents': { request: FormFields<{ file: FormFile }>; response: RagIngestResponse };
  'DELETE /api/rag/documents/{id}': { response: undefined };
  /** Query `q` (and `top_k`); keyword search when Ollama is away. */
  'GET /api/rag/search': { response: RagSearchResponse };

  'POST /api/kanban/organize': { request: Record<string, never>; response: KanbanOrganizeResult };

  'POST /api/pairing': { request: Record<string, never>; response: PairingResponse };
  'GET /api/devices': { response: DevicesResponse };
  'DELETE /api/devices/{id}': { response: undefined };
  'POST /api/devices/{id}/app-password': { request: Record<string, never>; response: AppPasswordResponse };
  'DELETE /api/devices/{id}/app-password': { response: undefined };

  'GET /api/calendar/subscriptions': { response: CalendarSubscriptionsResponse };
  'POST /api/calendar/subscriptions': { request: CalendarSubscriptionCreateRequest; response: CalendarSubscription };
  'PATCH /api/calendar/subscriptions/{id}': { request: CalendarSubscriptionUpdateRequest; response: CalendarSubscription };
  'POST /api/calendar/subscriptions/{id}/refresh': { request: Record<string, never>; response: CalendarSubscription };
  'DELETE /api/calendar/subscriptions/{id}': { response: undefined };
  /** Query `from` (YYYY-MM-DD) and `days`. */
  'GET /api/calendar/subscriptions/events': { response: SubscriptionEventsResponse };

  'GET /api/debug/export': { response: DebugExportResponse };
  'POST /api/debug/clear': { request: Record<string, never>; response: OkResponse };

  'GET /api/policy/risk': { response: RiskPolicyResponse };
  'GET /api/home/hue': { response: HomeHueResponse };
  'GET /api/home/machines': { response: HomeMachinesResponse };
  'GET /api/home/proxmox': { response: HomeProxmoxResponse };
  'GET /api/home/unifi': { response: HomeUnifiResponse };
  'GET /api/home/protect': { response: HomeProtectResponse };
  'GET /api/home/protect/events': { response: HomeProtectEventsResponse };
  'GET /api/home/stacks': { response: HomeStacksResponse };
  'PUT /api/policy/risk': { request: RiskPolicy; response: RiskPolicyResponse };
  'GET /api/mcp/tokens': { response: McpTokensResponse };
  'POST /api/mcp/tokens': { request: McpTokenCreateRequest; response: McpTokenCreated };
  'DELETE /api/mcp/tokens/{id}': { response: undefined };
  'GET /api/protocol/sessions': { response: ProtocolSessionsResponse };
  'GET /api/protocol/sessions/{id}': { response: ProtocolSessionDetail };
  'GET /api/protocol/memory-proposals': { response: MemoryProposalsResponse };
  'POST /api/protocol/sessions/{id}/memory-proposals/{pid}/decision': {
    request: ProposalDecisionRequest;
    response: MemoryDecisionResponse;
  };
  'POST /api/protocol/skill-proposals/{id}/decision': { request: ProposalDecisionRequest; response: SkillProposal };
  'GET /api/protocol/learning': { response: LearningRecordsResponse };
  'POST /api/protocol/sessions/{id}/learning/{lid}/decision': { request: ProposalDecisionRequest; response: LearningDecisionResponse };

  'GET /api/push/vapid-key': { response: VapidKeyResponse };
  'POST /api/push/subscription': { request: PushSubscriptionRequest; response: PushSubscriptionResponse };
  'DELETE /api/push/subscription': { request: PushUnsubscribeRequest; response: undefined };
  'GET /api/notify/settings': { response: NotifySettingsResponse };
  'PUT /api/notify/settings/{member}': { request: NotifySettingsUpdate; response: NotifySettings };
  'POST /api/notify/reminders/{id}/done': { request: Record<string, never>; response: ToolResult };
  'POST /api/notify/reminders/{id}/snooze': { request: NotifySnoozeRequest; response: ToolResult };
}

export type ApiRoute = keyof ApiRoutes;
export type RouteResponse<R extends ApiRoute> = ApiRoutes[R]['response'];
export type RouteRequest<R extends ApiRoute> = ApiRoutes[R] extends { request: infer B } ? B : undefined;

/** The names of a route's path parameters: "POST /api/tools/{name}" -> "name". */
export type RouteParams<R extends string> = R extends `${string}{${infer P}}${infer Rest}` ? P | RouteParams<Rest> : never;

/** The concrete request lines a route pattern stands for: "{name}" matches any text. */
export type RouteLine<R extends string> = R extends `${infer Head}{${string}}${infer Rest}` ? `${Head}${string}${RouteLine<Rest>}` : R;

/** The route a concrete request line ("POST /api/tools/tasks_update") belongs to. */
export type RouteOfLine<L extends string> = { [R in ApiRoute]: L extends RouteLine<R> ? R : never }[ApiRoute];
