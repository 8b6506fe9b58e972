export { listInstalledModels } from './installed-models';
export type { InstalledModel } from './installed-models';
