import type { AdminCommand } from '../admin-command';
import { recountCountersCommand } from './counter.commands';
import { rotateEvidenceKeyCommand } from './evidence-key.commands';
import {
  createDocumentCommand,
  documentArchival,
  publishDocumentCommand,
  updateDocumentCommand,
} from './document.commands';
import {
  addDocumentToGroupCommand,
  createGroupCommand,
  deleteGroupCommand,
  removeDocumentFromGroupCommand,
  updateGroupCommand,
} from './group.commands';
import { changeBillingCommand, createOrganizationCommand } from './organization.commands';
import { personArchival, updatePersonCommand } from './person.commands';
import { cancelRequestCommand, resendRequestCommand } from './request.commands';
import { seedDemoCommand } from './seed-demo.command';
import { createTokenCommand, listTokensCommand, revokeTokenCommand } from './token.commands';
import { createUserCommand, joinOrganizationCommand } from './user.commands';
import { listWebhookDeliveriesCommand, listWebhooksCommand } from './webhook.commands';

/** Every admin command, in the order `--help` lists them. */
export const ADMIN_COMMANDS: AdminCommand[] = [
  createOrganizationCommand,
  changeBillingCommand,
  createUserCommand,
  joinOrganizationCommand,
  createTokenCommand,
  listTokensCommand,
  revokeTokenCommand,
  createDocumentCommand,
  updateDocumentCommand,
  publishDocumentCommand,
  documentArchival.archive,
  documentArchival.restore,
  createGroupCommand,
  updateGroupCommand,
  deleteGroupCommand,
  addDocumentToGroupCommand,
  removeDocumentFromGroupCommand,
  updatePersonCommand,
  personArchival.archive,
  personArchival.restore,
  cancelRequestCommand,
  resendRequestCommand,
  listWebhooksCommand,
  listWebhookDeliveriesCommand,
  recountCountersCommand,
  rotateEvidenceKeyCommand,
  seedDemoCommand,
];
