// LAN access: pairing a phone or tablet, and the devices paired so far.

/** `POST /api/pairing` (loopback): a short code and the address a phone opens to pair. */
export interface PairingResponse {
  readonly code: string;
  /** The LAN listener's pairing page; the code rides in the fragment, which no server sees. */
  readonly url: string;
  readonly expires_at: string;
  /** The URL as a QR code (SVG). */
  readonly qr_svg: string;
  /** SHA-256 of JARVIS's CA certificate (AB:CD:…), to compare on a computer that connects to this JARVIS. */
  readonly ca_fingerprint: string;
}

/** `POST /api/pairing/check` (LAN): the code is right; whom the device may act for. */
export interface PairingCheckResponse {
  readonly members: readonly { readonly id: string; readonly name: string }[];
  readonly expires_at: string;
}

/** `POST /api/pairing/confirm` (LAN). */
export interface PairingConfirmRequest {
  readonly code: string;
  readonly member: string;
  readonly device_name: string;
}

export interface PairedDevice {
  readonly id: string;
  readonly name: string;
  readonly member_id: string;
  /** The member's name; absent when that member no longer exists. */
  readonly member_name?: string;
  readonly created_at: string;
  readonly last_seen_at: string;
  /** Whether the device has an app password for its calendar program (CalDAV). */
  readonly app_password?: boolean;
}

export interface PairingConfirmResponse {
  readonly device: PairedDevice;
}

/** `GET /api/devices`. */
export interface DevicesResponse {
  /** Whether the LAN listener runs, and its address when it does. */
  readonly lan: { readonly enabled: boolean; readonly url?: string };
  readonly devices: readonly PairedDevice[];
}
