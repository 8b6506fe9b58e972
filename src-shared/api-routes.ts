// Every loopback route the UI calls, keyed "METHOD /path" with {name} for a path parameter
// (or a query value where the query changes the answer's shape): what it accepts (`request`,
// a JSON body) and what it answers (`response`). The renderer's client and its test fake are
// both typed from this one table.

import type { DevicesResponse, PairingResponse } from './access';
import type {
  AppPasswordResponse,
  CalendarAccountConnected,
  CalendarAccountConnectRequest,
  CalendarAccountDiscoverResponse,
  CalendarAccountLogin,
  CalendarAccountsResponse,
  CalendarAccountSyncResult,
  CalendarSubscription,
  CalendarSubscriptionCreateRequest,
  CalendarSubscriptionsResponse,
  CalendarSubscriptionUpdateRequest,
  SubscriptionEventsResponse,
} from './caldav';
import type { DebugExportResponse, HealthResponse, OkResponse, ToolCallRequest } from './api';
import type { ChatRequest, ChatResponse, ChatStreamErrorEvent, ChatStreamEvent, KanbanOrganizeResult } from './assistant';
import type { ToolResult } from './envelope';
import type { ChoreFrequency } from './chores';
import type { HomeAssistantEntityRiskRequest, HomeAssistantView } from './homeassistant';
import type { HomeState, IcsImportResponse } from './home';
import type { HomeStatePart } from './home-state-parts';
import type { HomeHueResponse, HomeMachinesResponse } from './home-control';
import type {
  HomeProtectEventsResponse,
  HomeProtectResponse,
  HomeProxmoxResponse,
  HomeStacksResponse,
  HomeUnifiResponse,
} from './home-control-server';
import type { ApprovalListResponse, ApprovalReviewResponse } from './approvals';
import type { LearnedAcceptResponse, LearnedForgetResponse, LearnedListResponse, LearnedRestoreResponse } from './learned';
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
import type {
  McpActiveUpdate,
  McpQuestionAnswer,
  McpQuestionsResponse,
  McpServerAdd,
  McpServersResponse,
  McpServerUpdate,
  McpServerView,
  McpTestResult,
  McpTokenCreated,
  McpTokenCreateRequest,
  McpTokensResponse,
} from './mcp';
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
  SkillLearningDecisionRequest,
  SkillLearningRecord,
  SkillLearningResponse,
  SkillOverlayRemoved,
  SkillSourcesResponse,
  SkillSourcesSyncRequest,
  SkillSourcesSyncStarted,
  SkillsReloadResponse,
  SkillsResponse,
} from './skills';
import type {
  BackupMade,
  BackupsView,
  RestoreRequest,
  RestoreStarted,
  CertificateRequest,
  CertificateResponse,
  ConnectionResult,
  HomeAssistantConnectRequest,
  ProxmoxConnectRequest,
  ProxmoxConnectResult,
  UnifiConnectRequest,
  UnifiConnectResult,
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
import type { VoiceCommandResponse, VoiceSetupState, VoiceStatus } from './voice';

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
  /** Only the named domains' parts (comma-separated) beside the base: what a screen reloads after an event. */
  'GET /api/state?domains={domains}': { response: HomeStatePart };
  'POST /api/tools/{name}': { request: ToolCallRequest; response: ToolResult };
  // The chore chart: each route is one chore tool, answered with its result envelope.
  'POST /api/chores': { request: ChoreFields & { title: string; members: string[] }; response: ToolResult };
  'PATCH /api/chores/{id}': { request: ChoreFields; response: ToolResult };
  'DELETE /api/chores/{id}': { response: ToolResult };
  'POST /api/chores/{id}/tick': { request: { member?: string }; response: ToolResult };
  'POST /api/chores/ticks/{id}/undo': { request: Record<string, never>; response: ToolResult };
  'POST /api/chores/rewards': { request: { member: string; title: string; stars: number }; response: ToolResult };

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
  'POST /api/settings/connections/certificate': { request: CertificateRequest; response: CertificateResponse };
  'POST /api/settings/connections/unifi': { request: UnifiConnectRequest; response: UnifiConnectResult };
  'POST /api/settings/connections/proxmox': { request: ProxmoxConnectRequest; response: ProxmoxConnectResult };
  'GET /api/settings/backups': { response: BackupsView };
  'POST /api/settings/backups': { request: Record<string, never>; response: BackupMade };
  'POST /api/settings/backups/restore': { request: RestoreRequest; response: RestoreStarted };

  'GET /api/learned': { response: LearnedListResponse };
  'POST /api/learned/{id}/accept': { request: Record<string, never>; response: LearnedAcceptResponse };
  'DELETE /api/learned/{id}': { response: LearnedForgetResponse };
  'POST /api/learned/{id}/restore': { request: Record<string, never>; response: LearnedRestoreResponse };

  'GET /api/approvals': { response: ApprovalListResponse };
  'POST /api/approvals/{id}/allow': { request: Record<string, never>; response: ApprovalReviewResponse };
  'POST /api/approvals/{id}/refuse': { request: Record<string, never>; response: ApprovalReviewResponse };

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
  'GET /api/skills/learning': { response: SkillLearningResponse };
  'POST /api/skills/learning/{id}/decision': { request: SkillLearningDecisionRequest; response: SkillLearningRecord };
  'POST /api/skills/learning/{id}/undo': { request: Record<string, never>; response: SkillLearningRecord };

  'GET /api/mesh/workers': { response: MeshWorkersResponse };
  'POST /api/mesh/workers/{id}/reload': { request: Record<string, never>; response: MeshWorkerReloadResponse };
  'GET /api/docker/skill-services': { response: DockerSkillServicesResponse };
  'GET /api/home/homeassistant': { response: HomeAssistantView };
  'PUT /api/home/homeassistant/entities/{id}/risk': { request: HomeAssistantEntityRiskRequest; response: HomeAssistantView };
  'POST /api/docker/skill-services/{id}/{action}': { request: Record<string, never>; response: DockerServiceActionResponse };

  'GET /api/voice/status': { response: VoiceStatus };
  'POST /api/settings/voice/setup': { request: Record<string, never>; response: VoiceSetupState };
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

  'GET /api/calendar/accounts': { response: CalendarAccountsResponse };
  'POST /api/calendar/accounts/discover': { request: CalendarAccountLogin; response: CalendarAccountDiscoverResponse };
  'POST /api/calendar/accounts': { request: CalendarAccountConnectRequest; response: CalendarAccountConnected };
  'POST /api/calendar/accounts/{id}/sync': { request: Record<string, never>; response: CalendarAccountSyncResult };
  /** Query `keep_events` ("true" or "false"): the copied events stay, or go with the connection. */
  'DELETE /api/calendar/accounts/{id}': { response: undefined };

  'POST /api/calendar/import': { request: { readonly ics: string }; response: IcsImportResponse };
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
  'GET /api/mcp/questions': { response: McpQuestionsResponse };
  'POST /api/mcp/questions/{id}': { request: McpQuestionAnswer; response: OkResponse };
  'GET /api/settings/mcp': { response: McpServersResponse };
  'POST /api/settings/mcp': { request: McpServerAdd; response: McpServerView };
  'POST /api/settings/mcp/test': { request: McpServerUpdate; response: McpTestResult };
  'POST /api/settings/mcp/{name}/test': { request: Record<string, never>; response: McpTestResult };
  'PUT /api/settings/mcp/{name}': { request: McpServerUpdate; response: McpServerView };
  'PUT /api/settings/mcp/{name}/active': { request: McpActiveUpdate; response: McpServerView };
  'DELETE /api/settings/mcp/{name}': { response: undefined };
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

/** What a chore form sends (POST /api/chores, PATCH /api/chores/{id}). */
export interface ChoreFields {
  title?: string;
  members?: string[];
  rotate?: boolean;
  every?: ChoreFrequency;
  stars?: number;
}
