import { Refusal, STATUS_OF_KIND } from '../errors';

export { errorBody } from '../errors';

/** The one place a refusal becomes an HTTP status. */
export function statusOfRefusal(err: Refusal): number {
  return STATUS_OF_KIND[err.kind];
}
