import { CreateUser } from '../../identity/application/create-user.use-case';
import { JoinOrganization } from '../../identity/application/join-organization.use-case';
import { Role, ROLES } from '../../identity/domain/role';
import type { AdminCommand } from '../admin-command';
import { choice, email, id, text } from '../cli-arguments';
import { presentMembership, presentUser } from '../identity.presenter';

export const createUserCommand: AdminCommand = {
  name: 'user:create',
  summary: 'Create a user who is a member of an organization with a role.',
  options: {
    org: id('the organization id'),
    name: text("the user's name", true),
    email: email("the user's email, unique across organizations"),
    role: choice(ROLES, 'owner, administrator or group_manager', true),
  },
  async run(app, options) {
    const { user, membership } = await app.get(CreateUser).execute({
      organizationId: options.string('org'),
      name: options.string('name'),
      email: options.string('email'),
      role: options.choice<Role>('role'),
    });
    return presentUser(user, membership);
  },
};

export const joinOrganizationCommand: AdminCommand = {
  name: 'user:join',
  summary: 'Add an existing user to an organization, or change their role there.',
  options: {
    user: id('the user id'),
    org: id('the organization id'),
    role: choice(ROLES, 'owner, administrator or group_manager', true),
  },
  async run(app, options) {
    const membership = await app.get(JoinOrganization).execute({
      userId: options.string('user'),
      organizationId: options.string('org'),
      role: options.choice<Role>('role'),
    });
    return presentMembership(membership);
  },
};
