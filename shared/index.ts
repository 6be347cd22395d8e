/**
 * The contract between the admin and the server (`#sitemap/shared`): the API's shapes, the
 * settings' shape and keys, limits, field kinds, rule codes, the plugin's ids and the checks both
 * sides make. The admin imports only from here; nothing here imports the server or Node.
 */
export * from './api-types';
export * from './checks';
export * from './field-kinds';
export * from './ids';
export * from './indexnow-endpoints';
export * from './limits';
export * from './rules';
export * from './time-zone';
export * from './types';
export * from './seo-fields';
export * from './health';
