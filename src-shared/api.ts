// Request and response shapes of the loopback HTTP API (see shared DESIGN.md).

export interface ApiErrorBody {
  readonly error: {
    readonly code: string;
    readonly message: string;
    /** JSON path of the offending input for validation errors. */
    readonly path?: string;
  };
}

export interface ComponentStatus {
  readonly state: 'ok' | 'off' | 'degraded' | 'error';
  readonly detail: string;
}

export interface HealthResponse {
  readonly ok: true;
  readonly version: string;
  readonly components: Readonly<Record<string, ComponentStatus>>;
}

/** Server-sent event pushed on GET /api/events. */
export interface ServerEvent {
  readonly type: string;
  readonly at: string;
  readonly data?: unknown;
}
