export { createSettings, keyFileOf, type SettingsCapability, type SettingsDeps } from './capability';
export { SettingsService } from './service';
export { KeyFileSealer, SecretUnreadableError, type SecretSealer } from './secrets';
export { SECRET_TABLE, SETTINGS_MIGRATIONS } from './store';
