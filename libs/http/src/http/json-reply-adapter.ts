import { createServer } from 'node:http';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express, Response } from 'express';
import { expressMessageClasses } from './express-message-classes';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Nest's Express adapter, writing a handler's JSON answer itself: the string with its length, in one `end`. Express's
 * `res.json` gets there through `res.send`, which looks its settings up, parses the Content-Type it has just set to
 * add a charset, and turns a body of 1,000 characters or more into a Buffer (an allocation of the page's size, then
 * written apart from the head). The bytes and headers on the wire are the same (`Content-Type: application/json;
 * charset=utf-8`, `Content-Length`); anything else (no body, a stream, a Buffer, an Error, a Content-Type or
 * Transfer-Encoding already set, 204/205/304, HEAD) goes to Nest's own reply, through Express.
 */
export class JsonReplyAdapter extends ExpressAdapter {
  /** A plain HTTP server whose requests and responses are built as Express's (`expressMessageClasses`). */
  override initHttpServer(options: NestApplicationOptions): void {
    if (options?.httpsOptions || options?.forceCloseConnections || options?.return503OnClosing)
      return super.initHttpServer(options);
    const app = this.getInstance<Express>();
    this.httpServer = createServer(expressMessageClasses(app), app);
  }

  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (!writesPlainJson(response, body, statusCode)) return super.reply(response, body, statusCode);
    if (statusCode !== undefined) response.statusCode = statusCode;
    const json = JSON.stringify(body);
    response.setHeader('Content-Type', JSON_TYPE);
    response.setHeader('Content-Length', Buffer.byteLength(json));
    return response.end(json, 'utf8');
  }
}

function writesPlainJson(response: Response, body: unknown, statusCode: number | undefined): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const prototype = Object.getPrototypeOf(body) as unknown;
  if (prototype !== Object.prototype && prototype !== Array.prototype) return false;
  const status = statusCode ?? response.statusCode;
  if (status === 204 || status === 205 || status === 304 || response.req.method === 'HEAD') return false;
  return !response.hasHeader('Content-Type') && !response.hasHeader('Transfer-Encoding');
}
