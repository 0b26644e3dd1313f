import { IssueApiToken } from '../../identity/application/issue-api-token.use-case';
import { ListApiTokens } from '../../identity/application/list-api-tokens.use-case';
import { RevokeApiToken } from '../../identity/application/revoke-api-token.use-case';
import { TOKEN_SCOPES, TokenScope } from '../../identity/domain/api-token';
import type { AdminCommand } from '../admin-command';
import { choice, date, id, text } from '../cli-arguments';
import { presentIssuedToken, presentToken } from '../identity.presenter';

export const createTokenCommand: AdminCommand = {
  name: 'token:create',
  summary: 'Issue an API token for a user in an organization; the plaintext is shown only here.',
  options: {
    user: id('the user id'),
    org: id('the organization id (the user must be a member)'),
    name: text('a label for the token (default "API token")'),
    'expires-at': date('expiry, ISO 8601, in the future'),
    scope: choice(TOKEN_SCOPES, 'api:use (the API, the default) or scim (the SCIM endpoints only)'),
  },
  async run(app, options) {
    const { token, plaintext } = await app.get(IssueApiToken).execute({
      userId: options.string('user'),
      organizationId: options.string('org'),
      name: options.optionalString('name'),
      expiresAt: options.optionalDate('expires-at'),
      scope: options.optionalString('scope') as TokenScope | undefined,
    });
    return presentIssuedToken(token, plaintext);
  },
};

export const listTokensCommand: AdminCommand = {
  name: 'token:list',
  summary: "List an organization's tokens, revoked and expired ones included (never the plaintext).",
  options: { org: id('the organization id') },
  async run(app, options) {
    const tokens = await app.get(ListApiTokens).execute(options.string('org'));
    return { data: tokens.map(presentToken) };
  },
};

export const revokeTokenCommand: AdminCommand = {
  name: 'token:revoke',
  summary: 'Revoke a token; its next request answers 401.',
  options: { 'token-id': id('the token id (from token:create or token:list)') },
  async run(app, options) {
    return presentToken(await app.get(RevokeApiToken).execute(options.string('token-id')));
  },
};
