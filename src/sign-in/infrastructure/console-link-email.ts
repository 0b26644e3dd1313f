import { escapeHtml } from '@lib/http';
import type { LinkPurpose } from '../domain/console-link';

/** The email that carries a sign-in link or an invitation; names are escaped in the HTML. */
export function composeConsoleLinkEmail(input: {
  purpose: LinkPurpose;
  recipientName: string;
  organizationName: string | null;
  url: string;
}): { subject: string; text: string; html: string } {
  const invitation = input.purpose === 'invitation';
  const organization = input.organizationName ?? 'your organization';
  const subject = (invitation ? `You are invited to ${organization}'s console` : 'Your sign-in link').replace(
    /\s*[\r\n]+\s*/g,
    ' ',
  );
  const intro = invitation
    ? `You are invited to ${organization}'s attestation console. This link signs you in; it works once, within 7 days.`
    : 'This link signs you in to the attestation console. It works once, within 15 minutes.';
  const closing = 'If you did not ask for it, ignore this email: nothing happens without the link.';
  const text = [`Hello ${input.recipientName},`, '', intro, '', input.url, '', closing, ''].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>Hello ${escapeHtml(input.recipientName)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(input.url)}">Sign in</a></p>`,
    `<p>${escapeHtml(closing)}</p>`,
    '</body></html>',
    '',
  ].join('\n');
  return { subject, text, html };
}
