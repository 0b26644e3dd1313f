import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { OrganizationRepository } from '../../identity/application/organization.repository';
import { UserRepository } from '../../identity/application/user.repository';
import { ConsoleLinkEmails } from '../../notifications/application/console-link-emails';
import type { OutgoingEmail } from '../../notifications/application/mailer';
import { ConsoleLinkRepository } from '../application/console-link.repository';
import { ConsoleUrls } from '../application/console-urls';
import { composeConsoleLinkEmail } from './console-link-email';

/** The notifications' port: the email of a console link, written when it is sent, while the link is open. */
@Injectable()
export class ConsoleLinkEmailsAdapter extends ConsoleLinkEmails {
  constructor(
    private readonly links: ConsoleLinkRepository,
    private readonly users: UserRepository,
    private readonly organizations: OrganizationRepository,
    private readonly urls: ConsoleUrls,
    private readonly clock: Clock,
  ) {
    super();
  }

  async composeForDelivery(linkId: string, messageId: string): Promise<OutgoingEmail | null> {
    const link = await this.links.findForDelivery(linkId);
    if (!link || !link.isOpen(this.clock.now())) return null;
    const user = await this.users.findById(link.userId);
    if (!user) return null;
    const organization = link.organizationId ? await this.organizations.findById(link.organizationId) : null;
    const content = composeConsoleLinkEmail({
      purpose: link.purpose,
      recipientName: user.name,
      organizationName: organization?.name ?? null,
      url: this.urls.linkOf(link.id),
    });
    return { ...content, to: { name: user.name, address: user.email }, messageId };
  }
}
