/** Names an email shows that the requests themselves do not carry. */
export abstract class NotificationDetails {
  abstract organizationName(organizationId: string): Promise<string>;
  /** The language the person reads: their own `locale`, else their organization's `default_locale`. */
  abstract recipientLocale(organizationId: string, personId: string | null): Promise<string>;
  abstract documentNames(documentIds: readonly string[]): Promise<Map<string, string>>;
}
