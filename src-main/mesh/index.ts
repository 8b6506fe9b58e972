export { createMesh, type MeshCapability } from './capability';
export { MeshService, MeshRefusal } from './service';
