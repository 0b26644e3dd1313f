import { lookup } from 'node:dns/promises';
import { HostResolver } from '../application/host-resolver';

/** A name that does not resolve within this time is taken as not resolving now (checked again at delivery). */
const RESOLVE_TIMEOUT_MS = 2_000;

export class DnsHostResolver extends HostResolver {
  async resolve(host: string): Promise<string[]> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string[]>((done) => {
      timer = setTimeout(() => done([]), RESOLVE_TIMEOUT_MS);
    });
    try {
      return await Promise.race([
        lookup(host, { all: true, verbatim: true }).then(
          (addresses) => addresses.map((a) => a.address),
          () => [],
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
