/**
 * The `serving: { beforeMiddleware: true }` option: a listener put in front of Koa's on Strapi's
 * HTTP server answers GET and HEAD of stored files itself (the same answer as the controller, from
 * public-files) and hands every other request, and every name it does not serve, to Koa as it
 * came. Measured with `npm run bench` against a bare Node server sending the same bytes.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import accepts from 'accepts';
import type { Core } from '@strapi/strapi';
import { requestedName } from '../../core/serving/requested-name';
import { servingOptions } from '../../core/settings/serving-options';
import { PLUGIN_ID } from '../../uids';
import { getService } from '../../utils/get-service';
import type { FileAnswer } from './public-files';

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

function send(response: ServerResponse, answer: FileAnswer, onError: (error: Error) => void) {
  response.writeHead(answer.status, answer.headers);
  const { body } = answer;
  if (body === undefined || typeof body === 'string' || Buffer.isBuffer(body)) {
    response.end(body);
    return;
  }
  // A stream that fails halfway has sent its headers already: the connection is cut.
  pipeline(body as Readable, response, (error) => error && onError(error));
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  /** Strapi's own listeners while ours stands in front of them. */
  let behind: Listener[] | null = null;
  let front: Listener | null = null;

  return {
    /** Installs the listener when the config file asks for it (bootstrap). */
    installIfAsked() {
      const { beforeMiddleware } = servingOptions(
        strapi.config.get(`plugin::${PLUGIN_ID}.serving`)
      );
      if (beforeMiddleware) this.install();
    },

    /** Puts the listener in front of Strapi's own; once. */
    install() {
      if (front) return;
      const server: Server = strapi.server.httpServer;
      const prefix = `${strapi.config.get('api.rest.prefix', '/api')}/${PLUGIN_ID}/`;
      const listeners = server.listeners('request') as Listener[];
      const handOn: Listener = (request, response) => {
        for (const listener of listeners) listener.call(server, request, response);
      };
      front = (request, response) => {
        const name =
          request.method === 'GET' || request.method === 'HEAD'
            ? requestedName(request.url, prefix)
            : null;
        if (name === null) return handOn(request, response);
        getService(strapi, 'public-files')
          .answer({
            name,
            method: request.method!,
            prefersGzip: () => accepts(request).encoding(['gzip', 'identity']) === 'gzip',
            ifNoneMatch: request.headers['if-none-match'],
            ifModifiedSince: request.headers['if-modified-since'],
          })
          .then((answer) => {
            if (!answer) return handOn(request, response);
            send(response, answer, (error) => {
              strapi.log.warn(`[sitemap] serving ${name} failed: ${error.message}`);
            });
          })
          // Koa answers what failed here: its error handling, its log, its 500.
          .catch(() => handOn(request, response));
      };
      behind = listeners;
      server.removeAllListeners('request');
      server.on('request', front);
    },

    /** Gives Strapi's listeners back their place (Strapi's destroy; the bench's A/B). */
    uninstall() {
      if (!front || !behind) return;
      const server: Server = strapi.server.httpServer;
      server.removeListener('request', front);
      for (const listener of behind) server.on('request', listener);
      front = behind = null;
    },
  };
};
