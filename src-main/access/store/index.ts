export { ACCESS_COMPONENT, ACCESS_MIGRATIONS, DeviceRepository, type DeviceRow } from './devices';
export { APP_PASSWORD_COMPONENT, APP_PASSWORD_MIGRATIONS, AppPasswordRepository, type AppPasswordRow } from './app-passwords';
