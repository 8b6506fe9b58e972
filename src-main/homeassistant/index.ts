export { createHomeAssistant, type HomeAssistantCapability, type HomeAssistantOptions } from './capability';
export type { HomeAssistantService } from './service';
