// The device views every home integration shares, as types and as JSON schemas: a light is
// a light whichever bridge it hangs on. An integration's overview returns its devices in
// these shapes (it may add its own fields beside them), the Zuhause screen's sections per
// kind render them, and each home skill's test checks its overview output against these
// schemas.

export const HOME_DEVICE_KINDS = ['light', 'switch', 'machine', 'camera', 'network_client'] as const;
export type HomeDeviceKind = (typeof HOME_DEVICE_KINDS)[number];

export interface LightView {
  readonly id: string;
  readonly name: string;
  readonly on: boolean;
  /** 0–100 %, when the light is dimmable and the device reported it. */
  readonly brightness?: number;
  readonly dimmable: boolean;
}

export interface SwitchView {
  readonly id: string;
  readonly name: string;
  readonly on: boolean;
}

/** A computer, VM or container: whether it runs (null when nobody can tell, e.g. no address known). */
export interface MachineView {
  readonly name: string;
  readonly online: boolean | null;
}

export interface CameraView {
  readonly id: string;
  readonly name: string;
  readonly connected: boolean;
}

/** A phone, laptop or TV on the home network. */
export interface NetworkClientView {
  readonly id: string;
  readonly name: string;
  readonly mac: string;
  readonly online: boolean;
}

export interface HomeDeviceViews {
  readonly light: LightView;
  readonly switch: SwitchView;
  readonly machine: MachineView;
  readonly camera: CameraView;
  readonly network_client: NetworkClientView;
}

/**
 * One device of a kind changed; only the fields that changed are set. Integrations that follow
 * their devices live (the Hue event stream) publish their changes in this shape. Without a
 * kind it is any kind's change, told apart by `kind`.
 */
export type HomeDeviceChange<K extends HomeDeviceKind = HomeDeviceKind> = K extends HomeDeviceKind
  ? { readonly kind: K; readonly id: string; readonly fields: Partial<Omit<HomeDeviceViews[K], 'id'>> }
  : never;

/** Whether the master follows an integration's devices live; while not, since when nothing was heard. */
export interface LiveStatus {
  readonly live: boolean;
  /** ISO time of the last sign of life while the follower is down. */
  readonly last_live_update?: string;
}

/**
 * Event `home.<kind>.changed`: devices of this kind changed at one integration (`integration`
 * is its row's id in HOME_INTEGRATIONS). With `changes` the screen patches them in; with
 * `live` it shows whether the integration is followed live; with neither it reads the
 * integration's overview again.
 */
export interface HomeDevicesChangedEvent<K extends HomeDeviceKind = HomeDeviceKind> {
  readonly integration: string;
  readonly changes?: readonly HomeDeviceChange<K>[];
  readonly live?: LiveStatus;
}

/** The event of each kind, as rows of the one event map (src-shared/api.ts `ServerEventData`). */
export type HomeDeviceEvents = {
  readonly [K in HomeDeviceKind as `home.${K}.changed`]: HomeDevicesChangedEvent<K>;
};

export type HomeDeviceEventName = keyof HomeDeviceEvents;

/** `light` -> `home.light.changed`. */
export function deviceEventName<K extends HomeDeviceKind>(kind: K): `home.${K}.changed` {
  return `home.${kind}.changed`;
}

const text = { type: 'string', maxLength: 256 } as const;

/**
 * The JSON schema of each view. An integration may add fields of its own beside these, so
 * `additionalProperties` stays open here; the fields a section reads are required and typed.
 */
export const HOME_DEVICE_SCHEMAS = {
  light: {
    type: 'object',
    required: ['id', 'name', 'on', 'dimmable'],
    properties: {
      id: text,
      name: text,
      on: { type: 'boolean' },
      brightness: { type: 'number', minimum: 0, maximum: 100 },
      dimmable: { type: 'boolean' },
    },
  },
  switch: {
    type: 'object',
    required: ['id', 'name', 'on'],
    properties: { id: text, name: text, on: { type: 'boolean' } },
  },
  machine: {
    type: 'object',
    required: ['name', 'online'],
    properties: { name: text, online: { type: ['boolean', 'null'] } },
  },
  camera: {
    type: 'object',
    required: ['id', 'name', 'connected'],
    properties: { id: text, name: text, connected: { type: 'boolean' } },
  },
  network_client: {
    type: 'object',
    required: ['id', 'name', 'mac', 'online'],
    properties: { id: text, name: text, mac: text, online: { type: 'boolean' } },
  },
} as const satisfies Record<HomeDeviceKind, object>;

/** The schema of one kind's change event (`HomeDeviceChange`): the view's fields, none required. */
export function deviceChangeSchema(kind: HomeDeviceKind) {
  const { id: _id, ...fields } = HOME_DEVICE_SCHEMAS[kind].properties as Record<string, unknown>;
  return {
    type: 'object',
    additionalProperties: false,
    required: ['kind', 'id', 'fields'],
    properties: {
      kind: { const: kind },
      id: text,
      fields: { type: 'object', additionalProperties: false, properties: fields },
    },
  } as const;
}
