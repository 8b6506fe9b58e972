import type { FastifyInstance } from 'fastify';
import {
  SECRET_NAMES,
  SETTING_NAMES,
  SETUP_STEPS,
  type CertificateRequest,
  type CertificateResponse,
  type ConnectionResult,
  type HomeAssistantConnectRequest,
  type ProxmoxConnectRequest,
  type ProxmoxConnectResult,
  type UnifiConnectRequest,
  type UnifiConnectResult,
  type HueCertificateRequest,
  type HueCertificateResponse,
  type HuePairRequest,
  type MeshTokenRotated,
  type ModelChoices,
  type NtfyConnectRequest,
  type SecretName,
  type SecretUpdate,
  type SettingsResponse,
  type SettingsUpdate,
  type SetupStep,
  type SetupStepUpdate,
} from '../../src-shared';
import type { SettingsService } from './service';

export interface ConnectionFlows {
  hueCertificate(url: string): Promise<HueCertificateResponse>;
  connectHue(req: HuePairRequest): Promise<ConnectionResult>;
  certificate(url: string): Promise<CertificateResponse>;
  connectHomeAssistant(req: HomeAssistantConnectRequest): Promise<ConnectionResult>;
  connectUnifi(req: UnifiConnectRequest): Promise<UnifiConnectResult>;
  connectProxmox(req: ProxmoxConnectRequest): Promise<ProxmoxConnectResult>;
  connectNtfy(req: NtfyConnectRequest): Promise<ConnectionResult>;
  models(): Promise<ModelChoices>;
}

const TEXT = { type: 'string', maxLength: 2000 } as const;
const URL_TEXT = { type: 'string', minLength: 1, maxLength: 500 } as const;

const updateBody = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(SETTING_NAMES.map((n) => [n, { type: ['string', 'null'], maxLength: 500 }])),
} as const;
const secretParams = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { type: 'string', enum: [...SECRET_NAMES] } },
} as const;
const secretBody = {
  type: 'object',
  additionalProperties: false,
  required: ['value'],
  properties: { value: { type: 'string', minLength: 1, maxLength: 4000 } },
} as const;
const stepParams = {
  type: 'object',
  additionalProperties: false,
  required: ['step'],
  properties: { step: { type: 'string', enum: [...SETUP_STEPS] } },
} as const;
const stepBody = {
  type: 'object',
  additionalProperties: false,
  required: ['state'],
  properties: { state: { type: 'string', enum: ['open', 'done', 'skipped'] } },
} as const;
const hueCertificateBody = { type: 'object', additionalProperties: false, required: ['url'], properties: { url: URL_TEXT } } as const;
const huePairBody = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'fingerprint'],
  properties: { url: URL_TEXT, fingerprint: { type: 'string', maxLength: 200 } },
} as const;
const FINGERPRINT = { type: 'string', maxLength: 200 } as const;
const SECRET_TEXT = { type: 'string', minLength: 1, maxLength: 4000 } as const;
const homeAssistantBody = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'token'],
  properties: { url: URL_TEXT, token: SECRET_TEXT, fingerprint: FINGERPRINT },
} as const;
const unifiBody = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'api_key'],
  properties: { url: URL_TEXT, api_key: SECRET_TEXT, fingerprint: FINGERPRINT },
} as const;
const proxmoxBody = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'token_id', 'token_secret'],
  properties: {
    url: URL_TEXT,
    token_id: { type: 'string', minLength: 1, maxLength: 200 },
    token_secret: SECRET_TEXT,
    fingerprint: FINGERPRINT,
  },
} as const;
const ntfyBody = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'topic'],
  properties: { url: URL_TEXT, topic: { type: 'string', minLength: 1, maxLength: 64 }, token: TEXT },
} as const;

/**
 * GET/PATCH /api/settings, PUT/DELETE /api/settings/secrets/{name}, PUT /api/settings/setup/{step},
 * POST /api/settings/mesh-token, GET /api/settings/models and the connection flows under
 * /api/settings/connections/. No answer ever carries a secret's value.
 */
export function registerSettingsRoutes(app: FastifyInstance, settings: SettingsService, flows: ConnectionFlows): void {
  app.get('/api/settings', async (): Promise<SettingsResponse> => {
    return settings.view();
  });
  app.patch<{ Body: SettingsUpdate }>('/api/settings', { schema: { body: updateBody } }, async (req): Promise<SettingsResponse> => {
    return settings.update(req.body);
  });
  app.put<{ Params: { name: SecretName }; Body: SecretUpdate }>(
    '/api/settings/secrets/:name',
    { schema: { params: secretParams, body: secretBody } },
    async (req): Promise<SettingsResponse> => {
      return settings.setSecret(req.params.name, req.body.value);
    },
  );
  app.delete<{ Params: { name: SecretName } }>(
    '/api/settings/secrets/:name',
    { schema: { params: secretParams } },
    async (req): Promise<SettingsResponse> => {
      return settings.clearSecret(req.params.name);
    },
  );
  app.put<{ Params: { step: SetupStep }; Body: SetupStepUpdate }>(
    '/api/settings/setup/:step',
    { schema: { params: stepParams, body: stepBody } },
    async (req): Promise<SettingsResponse> => {
      return settings.setStep(req.params.step, req.body.state);
    },
  );
  app.post('/api/settings/mesh-token', async (): Promise<MeshTokenRotated> => {
    return { token: settings.rotateMeshToken() };
  });
  app.get('/api/settings/models', async (): Promise<ModelChoices> => {
    return flows.models();
  });
  app.post<{ Body: HueCertificateRequest }>(
    '/api/settings/connections/hue/certificate',
    { schema: { body: hueCertificateBody } },
    async (req): Promise<HueCertificateResponse> => {
      return flows.hueCertificate(req.body.url);
    },
  );
  app.post<{ Body: HuePairRequest }>('/api/settings/connections/hue', { schema: { body: huePairBody } }, async (req) => {
    return flows.connectHue(req.body);
  });
  app.post<{ Body: HomeAssistantConnectRequest }>(
    '/api/settings/connections/homeassistant',
    { schema: { body: homeAssistantBody } },
    async (req): Promise<ConnectionResult> => {
      return flows.connectHomeAssistant(req.body);
    },
  );
  app.post<{ Body: NtfyConnectRequest }>('/api/settings/connections/ntfy', { schema: { body: ntfyBody } }, async (req) => {
    return flows.connectNtfy(req.body);
  });
  app.post<{ Body: CertificateRequest }>(
    '/api/settings/connections/certificate',
    { schema: { body: hueCertificateBody } },
    async (req): Promise<CertificateResponse> => flows.certificate(req.body.url),
  );
  app.post<{ Body: UnifiConnectRequest }>(
    '/api/settings/connections/unifi',
    { schema: { body: unifiBody } },
    async (req): Promise<UnifiConnectResult> => flows.connectUnifi(req.body),
  );
  app.post<{ Body: ProxmoxConnectRequest }>(
    '/api/settings/connections/proxmox',
    { schema: { body: proxmoxBody } },
    async (req): Promise<ProxmoxConnectResult> => flows.connectProxmox(req.body),
  );
}
