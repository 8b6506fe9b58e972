export { ACCESS_COMPONENT, ACCESS_MIGRATIONS, DeviceRepository, type DeviceRow } from './devices';
