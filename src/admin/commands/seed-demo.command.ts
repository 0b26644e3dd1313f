import type { AdminCommand } from '../admin-command';
import { text } from '../cli-arguments';
import { seedDemo } from '../seed-demo';

export const seedDemoCommand: AdminCommand = {
  name: 'seed:demo',
  summary: 'Create a demo organization (active) with an owner and token, people, published documents and groups.',
  options: { 'org-name': text('the organization name (default "Demo Organization")') },
  async run(app, options) {
    return seedDemo(app, { organizationName: options.optionalString('org-name') });
  },
};
