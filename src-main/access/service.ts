import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { PairedDevice, PairingCheckResponse } from '../../src-shared';
import type { Platform } from '../platform/capability';
import { Refusal } from '../platform/errors';
import { basicPassword, newAppPassword } from './app-passwords';
import { credentialHash, newCredential } from './device-credentials';
import type { DirectoryMember, MemberDirectory } from './members';
import { AttemptLimiter, PairingCodes, type IssuedCode } from './pairing-codes';
import type { AppPasswordRepository, DeviceRepository, DeviceRow } from './store';

/** last_seen is written at most this often per device: the auth check stays a map lookup. */
const SEEN_WRITE_MS = 60_000;

export interface Device {
  readonly id: string;
  readonly memberId: string;
}

export interface PairingInput {
  readonly code: string;
  readonly member: string;
  readonly deviceName: string;
}

/**
 * Paired devices and pairing: issues codes, turns a right code into a device credential,
 * recognises a credential on every LAN request, and revokes devices (closing what they
 * have open).
 */
export class AccessService {
  private readonly codes: PairingCodes;
  private readonly limiter: AttemptLimiter;
  private readonly byHash = new Map<string, DeviceRow>();
  private readonly seenMs = new Map<string, number>();
  private readonly open = new Map<string, Set<ServerResponse>>();
  /** App password hash -> device id. */
  private readonly appPasswords = new Map<string, string>();
  /**
   * Each member's role as last seen, to notice a change. Taken when the first response is
   * kept open, not at start: listing the members formats their times, and the first time
   * zone formatter costs the cold start tens of milliseconds.
   */
  private roles: Map<string, string> | undefined;

  constructor(
    private readonly ctx: Platform,
    private readonly repo: DeviceRepository,
    private readonly members: MemberDirectory,
    private readonly appPasswordRepo: AppPasswordRepository,
  ) {
    this.codes = new PairingCodes(ctx.clock);
    this.limiter = new AttemptLimiter(ctx.clock);
    for (const d of repo.all()) this.byHash.set(d.credentialSha256, d);
    const known = new Set(repo.all().map((d) => d.id));
    for (const p of appPasswordRepo.all()) {
      if (known.has(p.deviceId)) this.appPasswords.set(p.secretSha256, p.deviceId);
      else appPasswordRepo.delete(p.deviceId);
    }
  }

  private currentRoles(): Map<string, string> {
    return new Map(this.members.list().map((m) => [m.id, m.role] as const));
  }

  /**
   * The members changed: a device whose member's role changed (or who left) loses what it
   * has open (its event stream reconnects under the new role); every next request is
   * checked against the role as it stands anyway.
   */
  membersChanged(): void {
    const now = this.currentRoles();
    // Without a snapshot nothing was ever kept open, so there is nothing to end.
    for (const row of this.roles ? this.byHash.values() : []) {
      if (this.roles?.get(row.memberId) === now.get(row.memberId)) continue;
      for (const res of this.open.get(row.id) ?? []) res.destroy();
      this.open.delete(row.id);
    }
    this.roles = now;
  }

  issueCode(): IssuedCode {
    const issued = this.codes.issue();
    this.ctx.tracer.redactor.add(issued.code);
    return issued;
  }

  /** A typed code checked (it counts as an attempt); the members a device may pick. */
  checkCode(client: string, code: string): PairingCheckResponse {
    this.attempt(client, code);
    return {
      members: this.members.list().map((m) => ({ id: m.id, name: m.name })),
      expires_at: (this.codes.expiresAt() ?? this.ctx.clock()).toISOString(),
    };
  }

  /** Pairs a device: the code is spent, the credential returned once and kept only hashed. */
  pair(client: string, input: PairingInput): { device: PairedDevice; credential: string } {
    this.attempt(client, input.code);
    const member = this.members.get(input.member);
    if (!member) throw new Refusal('invalid', 'UNKNOWN_MEMBER', 'There is no household member with that id.', '/member');
    const name = input.deviceName.trim();
    if (name.length === 0) throw new Refusal('invalid', 'INVALID_DEVICE_NAME', 'Give the device a name.', '/device_name');
    this.codes.consume();
    const credential = newCredential();
    this.ctx.tracer.redactor.add(credential);
    const now = this.ctx.clock().toISOString();
    const row: DeviceRow = {
      id: `dev_${randomBytes(8).toString('hex')}`,
      credentialSha256: credentialHash(credential),
      memberId: member.id,
      name,
      createdAt: now,
      lastSeenAt: now,
    };
    this.repo.insert(row);
    this.byHash.set(row.credentialSha256, row);
    this.ctx.events.publish('devices.changed');
    return { device: this.view(row), credential };
  }

  private attempt(client: string, code: string): void {
    if (!this.limiter.allow(client)) {
      throw new Refusal('too_many', 'PAIRING_RATE_LIMITED', 'Too many pairing attempts from this device. Wait a minute and try again.');
    }
    const result = this.codes.check(code, client);
    if (result.ok) return;
    const message = {
      none: 'There is no pairing code waiting. Ask for a new one on the computer running JARVIS.',
      expired: 'This pairing code has run out. Ask for a new one on the computer running JARVIS.',
      used_up:
        'Too many wrong codes from this device: the pairing code no longer works here. Ask for a new one on the computer running JARVIS.',
      wrong: `That code is not right. ${result.triesLeft} ${result.triesLeft === 1 ? 'try' : 'tries'} left.`,
    }[result.reason];
    throw new Refusal('unauthorized', `PAIRING_CODE_${result.reason.toUpperCase()}`, message);
  }

  /** The device a credential belongs to; records when it was last seen. */
  authenticate(credential: string): Device | undefined {
    const row = this.byHash.get(credentialHash(credential));
    // A device acts for its member only while that member is part of the household.
    if (!row || !this.members.get(row.memberId)) return undefined;
    const nowMs = this.ctx.clock().getTime();
    if (nowMs - (this.seenMs.get(row.id) ?? 0) >= SEEN_WRITE_MS) {
      this.seenMs.set(row.id, nowMs);
      this.repo.markSeen(row.id, new Date(nowMs).toISOString());
    }
    return { id: row.id, memberId: row.memberId };
  }

  /**
   * Makes (or replaces) a paired device's app password for its calendar program. It is
   * answered once; only its hash is kept.
   */
  issueAppPassword(deviceId: string): { password: string; memberName: string } {
    const row = this.rowOf(deviceId);
    if (!row) throw new Refusal('not_found', 'DEVICE_NOT_FOUND', 'No paired device has that id.');
    this.dropAppPassword(deviceId);
    const password = newAppPassword();
    this.ctx.tracer.redactor.add(password);
    const hash = credentialHash(password);
    this.appPasswordRepo.put({ deviceId, secretSha256: hash, createdAt: this.ctx.clock().toISOString() });
    this.appPasswords.set(hash, deviceId);
    this.ctx.events.publish('devices.changed');
    return { password, memberName: this.members.get(row.memberId)?.name ?? '' };
  }

  /** Takes a device's app password back: its calendar program stops at its next request. */
  revokeAppPassword(deviceId: string): void {
    if (!this.rowOf(deviceId)) throw new Refusal('not_found', 'DEVICE_NOT_FOUND', 'No paired device has that id.');
    if (!this.dropAppPassword(deviceId)) throw new Refusal('not_found', 'NO_APP_PASSWORD', 'This device has no app password.');
    for (const res of this.open.get(deviceId) ?? []) res.destroy();
    this.ctx.events.publish('devices.changed');
  }

  /** The device whose app password an HTTP Basic header carries (CalDAV requests only). */
  authenticateAppPassword(authorization: string | string[] | undefined): Device | undefined {
    const password = basicPassword(authorization);
    if (password === undefined) return undefined;
    const deviceId = this.appPasswords.get(credentialHash(password));
    const row = deviceId === undefined ? undefined : this.rowOf(deviceId);
    if (!row || !this.members.get(row.memberId)) return undefined;
    return { id: row.id, memberId: row.memberId };
  }

  private rowOf(deviceId: string): DeviceRow | undefined {
    for (const d of this.byHash.values()) if (d.id === deviceId) return d;
    return undefined;
  }

  private dropAppPassword(deviceId: string): boolean {
    for (const [hash, id] of this.appPasswords) if (id === deviceId) this.appPasswords.delete(hash);
    return this.appPasswordRepo.delete(deviceId);
  }

  /** Keeps a device's open response (an event stream, a long request) so revoking can end it. */
  track(deviceId: string, res: ServerResponse): void {
    this.roles ??= this.currentRoles();
    let set = this.open.get(deviceId);
    if (!set) this.open.set(deviceId, (set = new Set()));
    set.add(res);
    res.once('close', () => {
      set.delete(res);
      if (set.size === 0 && this.open.get(deviceId) === set) this.open.delete(deviceId);
    });
  }

  isAdmin(memberId: string | undefined): boolean {
    return memberId !== undefined && this.members.get(memberId)?.role === 'admin';
  }

  count(): number {
    return this.byHash.size;
  }

  list(): PairedDevice[] {
    return this.repo.all().map((row) => this.view(row));
  }

  /** Revokes a device at once: its credential stops working and what it has open is closed. */
  revoke(id: string): void {
    const row = [...this.byHash.values()].find((d) => d.id === id);
    if (!row || !this.repo.delete(id)) throw new Refusal('not_found', 'DEVICE_NOT_FOUND', 'No paired device has that id.');
    this.byHash.delete(row.credentialSha256);
    this.dropAppPassword(id);
    this.seenMs.delete(id);
    for (const res of this.open.get(id) ?? []) res.destroy();
    this.open.delete(id);
    // The revoked id lets others forget what belongs to that device (its push subscriptions).
    this.ctx.events.publish('devices.changed', { revoked: id });
  }

  private view(row: DeviceRow): PairedDevice {
    const member: DirectoryMember | undefined = this.members.get(row.memberId);
    return {
      id: row.id,
      name: row.name,
      member_id: row.memberId,
      ...(member ? { member_name: member.name } : {}),
      created_at: row.createdAt,
      last_seen_at: row.lastSeenAt,
      app_password: [...this.appPasswords.values()].includes(row.id),
    };
  }
}
