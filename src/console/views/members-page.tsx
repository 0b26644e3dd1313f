import { ROLES } from '../../identity/domain/role';
import type { Member } from '../../sign-in/application/list-members.use-case';
import type { ManagingContext } from '../http/console-door';
import { Csrf, formatTime, Layout, roleName } from './layout';

/** The organization's users: role and last sign-in; invite, change a role, remove. */
export function MembersPage(props: { context: ManagingContext; csrf: string; members: Member[]; notice?: string }) {
  const { context, csrf, members } = props;
  return (
    <Layout title="Members" context={context} csrf={csrf} section="members">
      {props.notice && (
        <p class="notice" role="status">
          {props.notice}
        </p>
      )}
      <div class="scroll" role="region" aria-label="Members" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Last sign-in</th>
              <th scope="col">Remove</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr>
                <td>{member.name}</td>
                <td class="details">{member.email}</td>
                <td>
                  <form method="post" action={`/console/members/${member.userId}/role`} class="inline">
                    <Csrf token={csrf} />
                    <select name="role" aria-label={`Role of ${member.name}`}>
                      {ROLES.map((role) => (
                        <option value={role} selected={role === member.role}>
                          {roleName(role)}
                        </option>
                      ))}
                    </select>{' '}
                    <button type="submit" class="secondary" aria-label={`Change the role of ${member.name}`}>
                      Change
                    </button>
                  </form>
                </td>
                <td>{formatTime(member.lastSignInAt)}</td>
                <td>
                  <form method="post" action={`/console/members/${member.userId}/remove`} class="inline">
                    <Csrf token={csrf} />
                    <button type="submit" class="danger" aria-label={`Remove ${member.name}`}>
                      Remove
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Invite someone</h2>
      <form method="post" action="/console/members" class="stack">
        <Csrf token={csrf} />
        <label for="email">Email address</label>
        <input id="email" name="email" type="email" required maxLength={255} />
        <label for="name">Name (for someone new)</label>
        <input id="name" name="name" maxLength={255} />
        <label for="role">Role</label>
        <select id="role" name="role">
          {ROLES.map((role) => (
            <option value={role} selected={role === 'group_manager'}>
              {roleName(role)}
            </option>
          ))}
        </select>
        <button type="submit">Send the invitation</button>
      </form>
    </Layout>
  );
}
