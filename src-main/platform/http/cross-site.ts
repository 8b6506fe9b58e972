// A web page the family visits can make their browser send requests to the loopback API:
// form posts, `no-cors` fetches and multipart uploads need no CORS permission, and the
// browser addresses them to 127.0.0.1 with a loopback Host. Such a request says where it
// comes from (Origin, Sec-Fetch-Site); a request without either comes from a program
// (the CLI, a script, a worker), which a page cannot make.

/** Methods that never change state; every other one is checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Fetch Metadata values of a request the listener's own page (or the user) started. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

export interface RequestOrigin {
  readonly method: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** `http` or `https`: the scheme the listener speaks. */
  readonly scheme: string;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? undefined : parsed.origin;
  } catch {
    return undefined;
  }
}

/**
 * Why a request is cross-site, or undefined when it may go on. A state-changing request
 * is refused when its Fetch Metadata names another site or origin, or when its Origin is
 * not the origin it was addressed to (scheme, host and port of the Host header).
 */
export function crossSiteReason(req: RequestOrigin): string | undefined {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return undefined;
  const fetchSite = single(req.headers['sec-fetch-site']);
  if (fetchSite !== undefined && !OWN_FETCH_SITES.has(fetchSite.trim().toLowerCase())) {
    return `Sec-Fetch-Site is ${JSON.stringify(fetchSite)}`;
  }
  const origin = single(req.headers.origin);
  if (origin === undefined) return undefined;
  const host = single(req.headers.host);
  const own = host === undefined ? undefined : originOf(`${req.scheme}://${host}`);
  const given = originOf(origin);
  if (own === undefined || given === undefined || given !== own) {
    return `Origin ${JSON.stringify(origin)} is not this listener's origin`;
  }
  return undefined;
}
