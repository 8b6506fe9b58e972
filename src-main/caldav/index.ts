export { createCaldav, type CaldavCapability } from './capability';
export type { CaldavService } from './service';
export { CALDAV_MIGRATIONS } from './store';
