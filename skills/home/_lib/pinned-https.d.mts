import type { TLSSocket } from 'node:tls';

export type PinErrorCode = 'CERT_NOT_PINNED' | 'CERT_FINGERPRINT_CHANGED' | 'BAD_FINGERPRINT' | 'TIMEOUT' | 'NO_CERTIFICATE' | 'BAD_URL';

export class PinError extends Error {
  constructor(code: PinErrorCode, message: string);
  readonly code: PinErrorCode;
}

export function normalizeFingerprint(text: string | undefined): string | undefined;
export function displayFingerprint(hex: string): string;
export function tlsTarget(url: URL): { host: string; port: number; servername?: string };
export function connectPinned(
  url: URL | string,
  fingerprint: string,
  timeoutMs: number,
  options?: { proxy?: { host: string; port: number } },
): Promise<TLSSocket>;
export function probeFingerprint(url: URL | string, options?: { timeoutMs?: number }): Promise<string>;

export interface PinnedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  raw: Buffer;
}
export function pinnedRequest(
  url: string,
  options?: {
    method?: string;
    headers?: Record<string, string | number>;
    body?: unknown;
    fingerprint?: string;
    caFile?: string;
    timeoutMs?: number;
  },
): Promise<PinnedResponse>;
