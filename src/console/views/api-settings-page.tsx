import type { ApiToken } from '../../identity/domain/api-token';
import type { ManagingContext } from '../http/console-door';
import { formatTime, Layout, PostForm, roleName } from './layout';
import { DangerButton, RowsTable } from './table';
import type { Role } from '../../identity/domain/role';

export interface MemberChoice {
  userId: string;
  name: string;
  role: Role;
}

/** The organization's tokens; the one just created is shown with its plaintext, on this page only. */
export function ApiSettingsPage(props: {
  context: ManagingContext;
  csrf: string;
  tokens: ApiToken[];
  members: MemberChoice[];
  created?: { token: ApiToken; plaintext: string };
  now: Date;
}) {
  const { context, csrf, tokens, members, created, now } = props;
  const names = new Map(members.map((m) => [m.userId, m.name]));
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? 'Former member') : '—');
  return (
    <Layout title="API settings" context={context} csrf={csrf} section="api-settings">
      {created && (
        <section class="created" aria-labelledby="created-title">
          <h2 id="created-title">Token “{created.token.name}” created</h2>
          <p>Copy it now: it is shown only this once, and only its hash is kept.</p>
          <p>
            <code class="secret" data-token>
              {created.plaintext}
            </code>
          </p>
        </section>
      )}
      <h2>Tokens</h2>
      <RowsTable
        label="Tokens"
        columns={['Name', 'Scope', 'Acts as', 'Created by', 'Created', 'Last used', 'Expires', 'Status']}
        rows={tokens}
        empty="No token yet."
        row={(token) => (
          <tr>
            <td>{token.name}</td>
            <td>{token.scope}</td>
            <td>{nameOf(token.userId)}</td>
            <td>{nameOf(token.createdByUserId)}</td>
            <td>{formatTime(token.createdAt)}</td>
            <td>{formatTime(token.lastUsedAt)}</td>
            <td>{formatTime(token.expiresAt)}</td>
            <td>
              {token.revokedAt ? (
                `Revoked ${formatTime(token.revokedAt)}`
              ) : token.expiresAt && token.expiresAt <= now ? (
                'Expired'
              ) : (
                <DangerButton
                  action={`/console/api-settings/tokens/${token.id}/revoke`}
                  csrf={csrf}
                  text="Revoke"
                  of={token.name}
                />
              )}
            </td>
          </tr>
        )}
      />
      <h2>Create a token</h2>
      <PostForm action="/console/api-settings/tokens" csrf={csrf} class="stack">
        <label for="name">Name</label>
        <input id="name" name="name" required maxLength={255} />
        <label for="user_id">Acts as</label>
        <select id="user_id" name="user_id">
          {members
            .filter((member) => member.userId === context.user.id || member.role === 'group_manager')
            .map((member) => (
              <option value={member.userId} selected={member.userId === context.user.id}>
                {`${member.name} (${roleName(member.role)})`}
              </option>
            ))}
        </select>
        <label for="scope">Scope</label>
        <select id="scope" name="scope">
          <option value="api:use">api:use — the API</option>
          <option value="scim">scim — user provisioning (SCIM) only</option>
        </select>
        <label for="expires_on">Expires on (optional)</label>
        <input id="expires_on" name="expires_on" type="date" />
        <button type="submit">Create token</button>
      </PostForm>
    </Layout>
  );
}
