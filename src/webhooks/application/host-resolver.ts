/** The addresses a host name resolves to; empty when it does not resolve (now). */
export abstract class HostResolver {
  abstract resolve(host: string): Promise<string[]>;
}
