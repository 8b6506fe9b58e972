export { catalogOf, searchPattern, type CatalogEntry, type CatalogFilter } from './catalog';
export { readSourceStates, skillCacheDir, type SourceState } from './checkout';
export { displayUrl } from './git';
export { parseSkillRef, parseSourceName, sourceDef, type SkillRef, type SkillSourceDef, type SourceUrls } from './skill-source';
export { readSourcesFile, skillSourcesFile, SourcesFileError, type ConfiguredSource } from './sources-file';
export { installFromSource, syncSource, updateSource, type SyncContext, type SyncItem, type SyncReport } from './sync';
export {
  cachedSources,
  fetchCatalog,
  installedState,
  installRefOf,
  queryWords,
  rankOf,
  readCatalog,
  searchNameOf,
  type IndexedSkill,
  type InstalledSkill,
  type InstalledState,
  type SourceCatalog,
} from './search';
export { SourceSyncs, syncOptionsOf, type SourceSyncDeps } from './source-syncs';
