import type { PairingCheckResponse } from '../../src-shared';
import type { ServerCa } from './remote-jarvis';
import type { Language } from './tray-menu';

// Connecting the desktop app to a JARVIS on the home server, as a short series of pages
// in a small window: the address, the certificate's fingerprint to compare, the pairing
// code, whom this computer acts for. The pages are static HTML without script; a form
// "navigates" to CONNECT_SUBMIT, which main intercepts and hands to ConnectFlow.

/** Never loaded: main stops the navigation and reads the form's fields from it. */
export const CONNECT_SUBMIT = 'https://jarvis-connect.invalid/submit';

export type ConnectStep =
  | { readonly kind: 'address'; readonly value?: string; readonly error?: string }
  | { readonly kind: 'fingerprint'; readonly ca: ServerCa; readonly error?: string }
  | { readonly kind: 'code'; readonly origin: string; readonly error?: string }
  | {
      readonly kind: 'member';
      readonly origin: string;
      readonly code: string;
      readonly members: PairingCheckResponse['members'];
      readonly error?: string;
    }
  | { readonly kind: 'done'; readonly origin: string };

export type ConnectInput =
  | { readonly kind: 'address'; readonly url: string }
  | { readonly kind: 'trust' }
  | { readonly kind: 'code'; readonly code: string }
  | { readonly kind: 'member'; readonly member: string; readonly deviceName: string }
  | { readonly kind: 'cancel' };

/** The parts of RemoteJarvis the flow uses (one per home-server address). */
export interface RemoteForFlow {
  trust(ca: ServerCa, confirmedFingerprint: string): void;
  checkCode(code: string): Promise<PairingCheckResponse>;
  pair(code: string, member: string, deviceName: string): Promise<unknown>;
}

export interface ConnectDeps {
  probe(url: string): Promise<ServerCa>;
  remoteFor(origin: string): RemoteForFlow;
  /** Called once paired: the app remembers the address and starts anew connected to it. */
  connected(origin: string): void;
  cancelled(): void;
  readonly deviceName: string;
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export class ConnectFlow {
  constructor(
    private readonly deps: ConnectDeps,
    private current: ConnectStep = { kind: 'address' },
  ) {}

  get step(): ConnectStep {
    return this.current;
  }

  /** One form sent: the next page, or the same one with what went wrong. */
  async submit(input: ConnectInput): Promise<ConnectStep> {
    this.current = await this.next(this.current, input);
    if (this.current.kind === 'done') this.deps.connected(this.current.origin);
    return this.current;
  }

  private async next(step: ConnectStep, input: ConnectInput): Promise<ConnectStep> {
    if (input.kind === 'cancel') {
      this.deps.cancelled();
      return step;
    }
    try {
      if (step.kind === 'address' && input.kind === 'address') {
        return { kind: 'fingerprint', ca: await this.deps.probe(input.url) };
      }
      if (step.kind === 'fingerprint' && input.kind === 'trust') {
        // The person compared what they see with what the server shows.
        this.deps.remoteFor(step.ca.origin).trust(step.ca, step.ca.fingerprint);
        return { kind: 'code', origin: step.ca.origin };
      }
      if (step.kind === 'code' && input.kind === 'code') {
        const { members } = await this.deps.remoteFor(step.origin).checkCode(input.code);
        return { kind: 'member', origin: step.origin, code: input.code, members };
      }
      if (step.kind === 'member' && input.kind === 'member') {
        await this.deps.remoteFor(step.origin).pair(step.code, input.member, input.deviceName.trim() || this.deps.deviceName);
        return { kind: 'done', origin: step.origin };
      }
    } catch (err) {
      if (step.kind === 'address' && input.kind === 'address') return { kind: 'address', value: input.url, error: message(err) };
      // A spent or expired code cannot be used again: back to asking for one.
      if (step.kind === 'member') return { kind: 'code', origin: step.origin, error: message(err) };
      if (step.kind === 'done') return step;
      return { ...step, error: message(err) };
    }
    return step;
  }
}

/** The form fields main read off the intercepted navigation; undefined for any other URL. */
export function parseConnectSubmission(url: string): ConnectInput | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (`${parsed.origin}${parsed.pathname}` !== CONNECT_SUBMIT) return undefined;
  const q = parsed.searchParams;
  switch (q.get('step')) {
    case 'address':
      return { kind: 'address', url: (q.get('url') ?? '').slice(0, 2048) };
    case 'trust':
      return q.get('answer') === 'yes' ? { kind: 'trust' } : { kind: 'cancel' };
    case 'code':
      return { kind: 'code', code: (q.get('code') ?? '').slice(0, 32) };
    case 'member':
      return { kind: 'member', member: (q.get('member') ?? '').slice(0, 100), deviceName: (q.get('device_name') ?? '').slice(0, 60) };
    case 'cancel':
      return { kind: 'cancel' };
    default:
      return undefined;
  }
}

const TEXT = {
  de: {
    title: 'Mit JARVIS auf dem Heimserver verbinden',
    address: 'Adresse von JARVIS im Heimnetz (steht auf dem Heimserver unter Wissen & System → Geräte, oder bei `jarvis pair`):',
    next: 'Weiter',
    cancel: 'Abbrechen',
    compare:
      'Vergleiche diesen Fingerabdruck mit dem, den JARVIS auf dem Heimserver beim Verbinden eines Geräts zeigt. Nur wenn beide gleich sind:',
    same: 'Stimmt überein – vertrauen',
    code: 'Code zum Verbinden (auf dem Heimserver: Wissen & System → Geräte → Gerät verbinden, oder `jarvis pair`):',
    member: 'Wer benutzt diesen Computer?',
    deviceName: 'Name dieses Computers:',
    pair: 'Verbinden',
    done: 'Verbunden. JARVIS startet neu und zeigt den Heimserver.',
  },
  en: {
    title: 'Connect to JARVIS on the home server',
    address: "JARVIS's address on the home network (shown on the home server under Knowledge & System → Devices, or by `jarvis pair`):",
    next: 'Next',
    cancel: 'Cancel',
    compare: 'Compare this fingerprint with the one JARVIS on the home server shows when pairing a device. Only if both are the same:',
    same: 'They match – trust it',
    code: 'Pairing code (on the home server: Knowledge & System → Devices → Pair a device, or `jarvis pair`):',
    member: 'Who uses this computer?',
    deviceName: 'Name of this computer:',
    pair: 'Connect',
    done: 'Connected. JARVIS restarts and shows the home server.',
  },
} as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const CSP = `default-src 'none'; style-src 'unsafe-inline'; form-action ${new URL(CONNECT_SUBMIT).origin}`;
const STYLE =
  'body{font:15px system-ui,sans-serif;margin:24px;color:#1d2433}h1{font-size:18px}input,select{font:inherit;width:100%;box-sizing:border-box;padding:6px;margin:6px 0 12px}' +
  'button{font:inherit;padding:6px 14px;margin-right:8px}.error{color:#b3261e}.fp{font-family:monospace;word-break:break-all;background:#eef1f6;padding:8px}';

/** One page of the connect window, as a data: URL (no script; the forms navigate to CONNECT_SUBMIT). */
export function connectPageUrl(step: ConnectStep, language: Language): string {
  const t = TEXT[language];
  const form = (stepName: string, fields: string, submit: string) =>
    `<form method="get" action="${CONNECT_SUBMIT}"><input type="hidden" name="step" value="${stepName}">${fields}<button type="submit">${escapeHtml(submit)}</button></form>` +
    `<form method="get" action="${CONNECT_SUBMIT}"><input type="hidden" name="step" value="cancel"><button type="submit">${escapeHtml(t.cancel)}</button></form>`;
  const error = 'error' in step && step.error ? `<p class="error" role="alert">${escapeHtml(step.error)}</p>` : '';
  let body: string;
  switch (step.kind) {
    case 'address':
      body = form(
        'address',
        `<label>${escapeHtml(t.address)}<input name="url" required autofocus placeholder="https://192.168.1.20:8443" value="${escapeHtml(step.value ?? '')}"></label>`,
        t.next,
      );
      break;
    case 'fingerprint':
      body =
        `<p>${escapeHtml(step.ca.origin)}</p><p>${escapeHtml(t.compare)}</p><p class="fp">${escapeHtml(step.ca.fingerprint)}</p>` +
        form('trust', '<input type="hidden" name="answer" value="yes">', t.same);
      break;
    case 'code':
      body = form(
        'code',
        `<label>${escapeHtml(t.code)}<input name="code" required autofocus autocomplete="off" maxlength="32"></label>`,
        t.next,
      );
      break;
    case 'member':
      body = form(
        'member',
        `<label>${escapeHtml(t.member)}<select name="member">${step.members
          .map((m) => `<option value="${escapeHtml(m.id)}">${escapeHtml(m.name)}</option>`)
          .join('')}</select></label><label>${escapeHtml(t.deviceName)}<input name="device_name" maxlength="60"></label>`,
        t.pair,
      );
      break;
    case 'done':
      body = `<p>${escapeHtml(t.done)}</p>`;
      break;
  }
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${CSP}"><title>${escapeHtml(t.title)}</title><style>${STYLE}</style></head><body><h1>${escapeHtml(t.title)}</h1>${error}${body}</body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}
