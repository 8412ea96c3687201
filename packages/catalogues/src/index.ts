export { catalogueFiles, catalogueLanguages, readCatalogue, readCatalogueArea, type Catalogue } from './read-catalogue.ts';
export { catalogueProblems, SOURCE_LANGUAGE } from './parity.ts';
export { placeholders } from './placeholders.ts';
export { compiledCatalogs } from './vite-plugin.ts';
