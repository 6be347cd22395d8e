/**
 * Resolves once Strapi has loaded, or once `stopped()` says to give up. Strapi runs the plugins'
 * bootstraps, then its providers', then the app's own, where an app registers its sitemap hooks
 * and extensions (README): work a plugin starts in the background from its bootstrap (a fresh
 * install's first sitemap, changes left from before a restart) must wait for that, or it runs
 * without them. Strapi announces nothing then; it sets `isLoaded` right after the app's
 * bootstrap, so a short look now and then sees it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Core } from '@strapi/strapi';

const LOOK_EVERY_MS = 20;

export async function strapiLoaded(strapi: Core.Strapi, stopped: () => boolean) {
  // Unreferenced: a process with nothing else to do (a script that never loads) may still exit.
  while (!strapi.isLoaded && !stopped()) await sleep(LOOK_EVERY_MS, undefined, { ref: false });
}
