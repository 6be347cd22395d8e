import type { Core } from '@strapi/strapi';
import type services from '../services';
import { PLUGIN_ID } from '../uids';

type Services = { [Name in keyof typeof services]: ReturnType<(typeof services)[Name]> };
export type ServiceName = keyof Services;

/** One of this plugin's services, with its own type: no string lookups with casts at the call sites. */
export const getService = <Name extends ServiceName>(
  strapi: Core.Strapi,
  name: Name
): Services[Name] => strapi.plugin(PLUGIN_ID).service(name) as Services[Name];
