import { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';

/**
 * Express hands every request and response its application's prototypes (`app.request`, `app.response`) by swapping
 * them in (`Object.setPrototypeOf`) as each request arrives: V8 then moves both objects, with their forty-odd fields
 * each, to new shapes, about 5 µs a request on our bench machine. These classes let Node's server construct them
 * with Express's methods already on their prototypes, which become the application's own, so Express finds each
 * object's prototype already in place and its swap does nothing. The methods and getters are Express's, copied
 * once (the application's `app` included), so `req.ip`, `res.status()` and the rest behave exactly as before.
 */
export function expressMessageClasses(app: Express): {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
} {
  class ExpressRequest extends IncomingMessage {}
  class ExpressResponse extends ServerResponse {}
  copyChain(app.request, IncomingMessage.prototype, ExpressRequest.prototype);
  copyChain(app.response, ServerResponse.prototype, ExpressResponse.prototype);
  app.request = ExpressRequest.prototype as Express['request'];
  app.response = ExpressResponse.prototype as Express['response'];
  return { IncomingMessage: ExpressRequest, ServerResponse: ExpressResponse as typeof ServerResponse };
}

/** Defines on `target` the properties of `from` and its prototypes up to `base`, the nearest one winning. */
function copyChain(from: object, base: object, target: object): void {
  const chain: object[] = [];
  for (let at = from; at !== base; at = Object.getPrototypeOf(at) as object) {
    if (at === null) throw new Error('Express prototype does not extend the expected Node class');
    chain.unshift(at);
  }
  for (const layer of chain) {
    for (const key of Reflect.ownKeys(layer)) {
      if (key === 'constructor') continue;
      Object.defineProperty(target, key, Object.getOwnPropertyDescriptor(layer, key)!);
    }
  }
}
