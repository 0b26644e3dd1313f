/**
 * The page's words for what the signer can do besides signing (the recording notice, declining, signing links),
 * in one place so they can be translated together. English only for now.
 */
export const SIGNER_TEXTS = {
  recordingNotice:
    'When you sign, your typed name, the time, your IP address and your browser (user agent) are recorded with ' +
    'your signature.',
  declineSummary: 'I do not want to sign this document',
  declineHeading: 'Decline to sign',
  declineExplanation: (organizationName: string) =>
    `${organizationName} will be told that you declined. You cannot sign this request afterwards.`,
  declineReasonLabel: 'Your reason (optional)',
  declineReasonHint: (max: number) => `At most ${max.toLocaleString('en')} characters.`,
  declineButton: 'Decline to sign',
  declinedTitle: (documentName: string) => `You declined to sign “${documentName}”`,
  declinedText: (organizationName: string) =>
    `${organizationName} has been told. There is nothing more to do; you can close this page.`,
  alreadyDeclinedTitle: 'You declined this request',
  alreadyDeclinedText: (documentName: string, organizationName: string) =>
    `You declined to sign “${documentName}”. If you have changed your mind, ask ${organizationName} for a new request.`,
  linkExpiredTitle: 'This signing link has expired',
  linkUsedTitle: 'This signing link has already been used',
  linkRefusedText: (organizationName: string) =>
    `A signing link opens the page once, within 10 minutes. Ask ${organizationName} for a new link.`,
  sessionMissingTitle: 'This page is not open in this browser',
  sessionMissingText:
    'The signing page continues only in the browser that opened its link, for 12 hours. Ask for a new link.',
} as const;
