import type { BuiltService } from './built-service';
import { DOCUMENTS, seedOrganization, seedRound } from './group-add-seed';

/** One timed add: the call's answer, and the last email of the round accepted by SMTP, both from the POST. */
export interface GroupAddTiming {
  response: number;
  lastEmail: number;
}

/**
 * `rounds` adds of `count` people (or of the 20 documents to a group of `count` members), each to a new
 * auto-issuing group, each timed (`timeGroupAdd`) and written on a line as it ends.
 */
export async function timeGroupAdds(
  service: BuiltService,
  plan: { rounds: number; what: 'people' | 'documents'; count: number; log: (line: string) => void },
): Promise<GroupAddTiming[]> {
  const seed = await seedOrganization(service.client);
  const timings: GroupAddTiming[] = [];
  for (let round = 1; round <= plan.rounds; round++) {
    const { groupId, people } = await seedRound(service.client, seed, round, plan);
    const timing = await timeGroupAdd(service, {
      round,
      token: seed.token,
      groupId,
      what: plan.what,
      body: plan.what === 'people' ? { person_ids: people.map((p) => p.id) } : { document_ids: seed.documentIds },
      people,
      documents: DOCUMENTS,
    });
    timings.push(timing);
    plan.log(
      `round ${round}: 200 in ${timing.response.toFixed(0)} ms (${timing.requests} requests); ` +
        `${plan.count}th email after ${timing.lastEmail.toFixed(0)} ms`,
    );
  }
  return timings;
}

/**
 * One add to an auto-issuing group (POST /groups/{group}/people or /documents), timed to its answer and to the email
 * of the last person it reaches; then checked: `people.length × documents` requests, one email per person, each
 * with one link per document. A round that issued or sent anything else fails the bench.
 */
export async function timeGroupAdd(
  service: BuiltService,
  add: {
    round: number;
    token: string;
    groupId: string;
    /** `people` or `documents`, and the body that adds them. */
    what: 'people' | 'documents';
    body: object;
    /** The people who should get requests, and how many documents each. */
    people: { id: string }[];
    documents: number;
  },
): Promise<GroupAddTiming & { requests: number }> {
  const { smtp, client } = service;
  const before = smtp.messages.length;
  const started = performance.now();
  const response = await fetch(`${service.appUrl}/api/v1/groups/${add.groupId}/${add.what}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${add.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(add.body),
  });
  await response.arrayBuffer();
  const answered = performance.now();
  if (response.status !== 200) throw new Error(`${add.what} add answered ${response.status}\n${service.api.output()}`);
  await smtp.waitFor(before + add.people.length, 120_000);
  const lastEmail = performance.now();

  const [{ count }] = (
    await client.query(`SELECT count(*)::int AS count FROM attestation_requests WHERE person_id = ANY($1)`, [
      add.people.map((p) => p.id),
    ])
  ).rows;
  const emails = smtp.messages.slice(before);
  const recipients = new Set(emails.flatMap((m) => m.envelope.to));
  const linksPerEmail = new Set(emails.map((m) => new Set(m.text.match(/\/attest\/[A-Za-z0-9_-]+/g)).size));
  if (
    count !== add.people.length * add.documents ||
    recipients.size !== add.people.length ||
    emails.length !== add.people.length ||
    [...linksPerEmail].join() !== String(add.documents)
  ) {
    throw new Error(
      `round ${add.round}: ${count} requests, ${emails.length} emails to ${recipients.size} people, ` +
        `links per email ${[...linksPerEmail]}`,
    );
  }
  return { response: answered - started, lastEmail: lastEmail - started, requests: count };
}
