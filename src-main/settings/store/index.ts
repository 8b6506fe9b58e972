export { SETTINGS_MIGRATIONS } from './migrations';
export { SECRET_TABLE, SettingsStore, type SealedSecret } from './settings-store';
