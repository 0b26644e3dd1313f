/** Names an email shows that the requests themselves do not carry. */
export abstract class NotificationDetails {
  abstract organizationName(organizationId: string): Promise<string>;
  abstract documentNames(documentIds: readonly string[]): Promise<Map<string, string>>;
}
