import type { Member } from '../../sign-in/application/list-members.use-case';
import type { ManagingContext } from '../http/console-door';
import { formatTime, Layout, PostForm, RoleOptions } from './layout';
import { DangerButton, ScrollTable } from './table';

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
      <ScrollTable label="Members" columns={['Name', 'Email', 'Role', 'Last sign-in', 'Remove']}>
        {members.map((member) => (
          <tr>
            <td>{member.name}</td>
            <td class="details">{member.email}</td>
            <td>
              <PostForm action={`/console/members/${member.userId}/role`} csrf={csrf} class="inline">
                <select name="role" aria-label={`Role of ${member.name}`}>
                  <RoleOptions selected={member.role} />
                </select>{' '}
                <button type="submit" class="secondary" aria-label={`Change the role of ${member.name}`}>
                  Change
                </button>
              </PostForm>
            </td>
            <td>{formatTime(member.lastSignInAt)}</td>
            <td>
              <DangerButton
                action={`/console/members/${member.userId}/remove`}
                csrf={csrf}
                text="Remove"
                of={member.name}
              />
            </td>
          </tr>
        ))}
      </ScrollTable>
      <h2>Invite someone</h2>
      <PostForm action="/console/members" csrf={csrf} class="stack">
        <label for="email">Email address</label>
        <input id="email" name="email" type="email" required maxLength={255} />
        <label for="name">Name (for someone new)</label>
        <input id="name" name="name" maxLength={255} />
        <label for="role">Role</label>
        <select id="role" name="role">
          <RoleOptions selected="group_manager" />
        </select>
        <button type="submit">Send the invitation</button>
      </PostForm>
    </Layout>
  );
}
