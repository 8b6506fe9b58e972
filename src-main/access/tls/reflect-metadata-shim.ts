// @peculiar/x509 registers its parts with tsyringe, which refuses to load without the
// Reflect metadata API (normally the `reflect-metadata` package, not installed here).
// x509 decorates nothing, so the API is only looked up, never relied on: a small map
// per target is all tsyringe's helpers need.

type MetadataTarget = object;
const store = new WeakMap<MetadataTarget, Map<unknown, unknown>>();

interface ReflectWithMetadata {
  getMetadata?: (key: unknown, target: MetadataTarget) => unknown;
  getOwnMetadata?: (key: unknown, target: MetadataTarget) => unknown;
  defineMetadata?: (key: unknown, value: unknown, target: MetadataTarget) => void;
}

const reflect = Reflect as unknown as ReflectWithMetadata;
if (typeof reflect.getMetadata !== 'function') {
  reflect.getOwnMetadata = (key, target) => store.get(target)?.get(key);
  reflect.getMetadata = (key, target) => {
    for (let t: MetadataTarget | null = target; t; t = Object.getPrototypeOf(t) as MetadataTarget | null) {
      const value = store.get(t)?.get(key);
      if (value !== undefined) return value;
    }
    return undefined;
  };
  reflect.defineMetadata = (key, value, target) => {
    let map = store.get(target);
    if (!map) store.set(target, (map = new Map()));
    map.set(key, value);
  };
}

export {};
