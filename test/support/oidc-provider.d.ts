/** oidc-provider ships no types; the test provider uses only its constructor and `callback()`. */
declare module 'oidc-provider' {
  const Provider: new (issuer: string, configuration: object) => { callback(): import('node:http').RequestListener };
  export default Provider;
}
