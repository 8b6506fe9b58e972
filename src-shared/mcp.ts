// The household's MCP tokens: an MCP client (Claude Desktop, an editor, a script) reaches
// JARVIS's `/mcp` endpoint with one of them as its Bearer token.

/** One token as Wissen & System lists it; the token itself is never shown again. */
export interface McpTokenInfo {
  readonly id: string;
  readonly name: string;
  /** The member the token belongs to: that member's role decides what the client may do. */
  readonly member_id?: string;
  readonly created_at: string;
  readonly last_used_at?: string;
}

export interface McpTokensResponse {
  readonly tokens: readonly McpTokenInfo[];
}

export interface McpTokenCreateRequest {
  readonly name: string;
  /** The member whose role the client acts with. */
  readonly member?: string;
}

/** The answer to creating a token: the only time `token` is sent. */
export interface McpTokenCreated {
  readonly info: McpTokenInfo;
  readonly token: string;
}

export const MAX_MCP_TOKENS = 50;

export const mcpTokenCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 80, pattern: '\\S' },
    member: { type: 'string', minLength: 1, maxLength: 64 },
  },
} as const;

// ---------------------------------------------------------------------------
// Questions an MCP server asks during a call: an elicitation (the server wants an answer from
// the person) or a sampling request (the server wants the household's model to write).

/** One field of the form a server asks the person to fill in (its requested schema, flattened). */
export interface McpQuestionField {
  readonly name: string;
  readonly title: string;
  readonly description?: string;
  readonly type: 'string' | 'number' | 'integer' | 'boolean' | 'choice';
  readonly required: boolean;
  /** The values to choose from (type `choice`). */
  readonly options?: readonly { readonly value: string; readonly label: string }[];
  readonly default?: string | number | boolean;
}

/** Event `mcp.question` and `GET /api/mcp/questions`: a server's question waiting for the person. */
export interface McpQuestion {
  readonly id: string;
  /** The server's name in mcp.json. */
  readonly server: string;
  /** `form`: the server asks for the fields; `sampling`: the server asks to use the household's model. */
  readonly kind: 'form' | 'sampling';
  /** The server's own words (a form), or the beginning of what the model is asked to answer (sampling). */
  readonly message: string;
  readonly fields: readonly McpQuestionField[];
  /** RFC3339: unanswered by then, the server is told the person cancelled. */
  readonly expires_at: string;
}

export interface McpQuestionsResponse {
  readonly questions: readonly McpQuestion[];
}

/** Event `mcp.question.closed`: answered, declined, cancelled or expired. */
export interface McpQuestionClosed {
  readonly id: string;
  readonly outcome: 'accept' | 'decline' | 'cancel' | 'expired';
}

/** `POST /api/mcp/questions/:id`: the person's answer. */
export interface McpQuestionAnswer {
  readonly action: 'accept' | 'decline' | 'cancel';
  readonly content?: Readonly<Record<string, string | number | boolean>>;
}

export const mcpQuestionAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['action'],
  properties: {
    action: { enum: ['accept', 'decline', 'cancel'] },
    content: {
      type: 'object',
      maxProperties: 50,
      additionalProperties: { type: ['string', 'number', 'boolean'], maxLength: 2000 },
    },
  },
} as const;

// ---------------------------------------------------------------------------
// MCP servers JARVIS uses as a client, connected in Settings or listed in mcp.json.

/** Where a server is configured: the household's mcp.json, or added in the app. */
export type McpServerOrigin = 'file' | 'app';

/**
 * What a connection test (or the last connection) found, as a code the UI words in the
 * household's language: the program is not installed, it ended, it did not answer in
 * time, the server refused the token, the address answers but is not an MCP server, or
 * nothing answers there.
 */
export type McpProblem = 'command_not_found' | 'exited' | 'timeout' | 'unauthorized' | 'not_mcp' | 'unreachable' | 'failed';

/**
 * One server as Settings lists it. Never a secret: env and header values are named only.
 * `state`: connected (its tools are in the registry), waiting (listed, not activated), off
 * (turned off by the household), error (the last start failed), unknown (not started yet).
 */
export interface McpServerView {
  readonly name: string;
  readonly origin: McpServerOrigin;
  readonly kind: 'stdio' | 'http';
  readonly command?: string;
  readonly args?: readonly string[];
  readonly url?: string;
  readonly env_names: readonly string[];
  readonly header_names: readonly string[];
  readonly active: boolean;
  readonly state: 'connected' | 'waiting' | 'off' | 'error' | 'unknown';
  readonly tools: number;
  readonly problem?: McpProblem;
  /** The other side's words for the problem, secrets replaced. */
  readonly detail?: string;
  /** An app server whose name mcp.json now uses too: the file's server is the one that runs. */
  readonly shadowed?: boolean;
}

export interface McpServersResponse {
  readonly servers: readonly McpServerView[];
  /** The mcp.json JARVIS reads, and why it cannot be used (a typo), if it cannot. */
  readonly file: { readonly path: string; readonly error?: string };
}

/** POST /api/settings/mcp: a program to start, or an address to reach. */
export type McpServerAdd =
  | {
      readonly name: string;
      readonly kind: 'stdio';
      readonly command: string;
      readonly args?: readonly string[];
      /** Values are secrets: sealed at rest, never sent back. */
      readonly env?: Readonly<Record<string, string>>;
    }
  | {
      readonly name: string;
      readonly kind: 'http';
      readonly url: string;
      /** Sent as `Authorization: Bearer …`; sealed at rest, never sent back. */
      readonly bearer_token?: string;
      /** Another header that carries a secret (`X-Api-Key`); its value sealed like the token. */
      readonly secret_header?: { readonly name: string; readonly value: string };
    };

/**
 * PUT /api/settings/mcp/{name}: the server as it should be from now on (the name stays).
 * The form never sees a stored secret, so it names those to keep: env variable or header
 * names as the list shows them (`Authorization` for the bearer token). A secret neither
 * given nor kept is deleted. POST /api/settings/mcp/test takes the same: the edit form's
 * test runs with the kept secrets.
 */
export type McpServerUpdate = McpServerAdd & { readonly keep_secrets?: readonly string[] };

/** A connection test: which tools the server offers, or what is wrong. */
export interface McpTestResult {
  readonly ok: boolean;
  readonly tools?: readonly string[];
  readonly problem?: McpProblem;
  readonly detail?: string;
}

export interface McpActiveUpdate {
  readonly active: boolean;
}

/** How a backup names an MCP server's sealed secrets among those it does not carry. */
export type McpSecretLabel = `mcp_server:${string}`;

export const MCP_SERVER_NAME_PATTERN = '^[A-Za-z0-9_-]{1,32}$';
const ENV_NAME_PATTERN = '^[A-Za-z_][A-Za-z0-9_]{0,63}$';
const HEADER_NAME_PATTERN = "^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$";

export const mcpServerAddSchema = {
  type: 'object',
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'kind', 'command'],
      properties: {
        name: { type: 'string', pattern: MCP_SERVER_NAME_PATTERN },
        kind: { const: 'stdio' },
        command: { type: 'string', minLength: 1, maxLength: 4096 },
        args: { type: 'array', maxItems: 128, items: { type: 'string', maxLength: 8192 } },
        env: {
          type: 'object',
          maxProperties: 64,
          propertyNames: { pattern: ENV_NAME_PATTERN },
          additionalProperties: { type: 'string', maxLength: 8192 },
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'kind', 'url'],
      properties: {
        name: { type: 'string', pattern: MCP_SERVER_NAME_PATTERN },
        kind: { const: 'http' },
        url: { type: 'string', pattern: '^https?://', maxLength: 4096 },
        bearer_token: { type: 'string', minLength: 1, maxLength: 8192 },
        secret_header: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'value'],
          properties: {
            name: { type: 'string', pattern: HEADER_NAME_PATTERN },
            value: { type: 'string', minLength: 1, maxLength: 8192 },
          },
        },
      },
    },
  ],
} as const;

const keepSecrets = { type: 'array', maxItems: 64, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 64 } } as const;
const [stdioAdd, httpAdd] = mcpServerAddSchema.oneOf;

export const mcpServerUpdateSchema = {
  type: 'object',
  oneOf: [
    { ...stdioAdd, properties: { ...stdioAdd.properties, keep_secrets: keepSecrets } },
    { ...httpAdd, properties: { ...httpAdd.properties, keep_secrets: keepSecrets } },
  ],
} as const;

export const mcpActiveUpdateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['active'],
  properties: { active: { type: 'boolean' } },
} as const;
