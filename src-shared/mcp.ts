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
