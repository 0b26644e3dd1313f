import fc from 'fast-check';
import { NotFoundError } from '@lib/core';
import { AddPeopleToGroup } from '../../src/groups/application/add-people-to-group.use-case';
import { SetGroupManagers } from '../../src/groups/application/set-group-managers.use-case';
import { ShowGroup } from '../../src/groups/application/show-group.use-case';
import { CreateUser } from '../../src/identity/application/create-user.use-case';
import { ExportDocumentStandings } from '../../src/standings/application/export-document-standings.use-case';
import { ExportPeopleInScope } from '../../src/standings/application/export-people-in-scope.use-case';
import { ListDocumentStandings } from '../../src/standings/application/list-document-standings.use-case';
import { ListGroupMembersInScope } from '../../src/standings/application/list-group-members-in-scope.use-case';
import { ListGroupsInScope } from '../../src/standings/application/list-groups-in-scope.use-case';
import { ListPeopleInScope } from '../../src/standings/application/list-people-in-scope.use-case';
import { ListPersonRequestsInScope } from '../../src/standings/application/list-person-requests-in-scope.use-case';
import { ShowComplianceOverview } from '../../src/standings/application/show-compliance-overview.use-case';
import { ShowGroupInScope } from '../../src/standings/application/show-group-in-scope.use-case';
import { ShowPersonInScope } from '../../src/standings/application/show-person-in-scope.use-case';
import type { Viewer } from '../../src/standings/application/viewer';
import { createTenant } from '../support/fixtures';
import { createDocument, createGroup, createPerson } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

const RUNS = Number(process.env.SCOPE_PROPERTY_RUNS ?? 12);

/** An organization: people, groups, who is in which, and which group manager is in charge of which groups. */
const worlds = fc
  .record({
    people: fc.integer({ min: 1, max: 7 }),
    groups: fc.integer({ min: 1, max: 4 }),
    managers: fc.integer({ min: 1, max: 3 }),
  })
  .chain(({ people, groups, managers }) =>
    fc.record({
      people: fc.constant(people),
      groups: fc.constant(groups),
      memberships: fc.array(fc.array(fc.boolean(), { minLength: people, maxLength: people }), {
        minLength: groups,
        maxLength: groups,
      }),
      managed: fc.array(fc.array(fc.boolean(), { minLength: groups, maxLength: groups }), {
        minLength: managers,
        maxLength: managers,
      }),
      /** Which people the document is assigned to (through an unmanaged group). */
      assigned: fc.array(fc.boolean(), { minLength: people, maxLength: people }),
    }),
  );

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

async function isNotFound(work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
    return false;
  } catch (error) {
    if (error instanceof NotFoundError) return true;
    throw error;
  }
}

const sorted = (ids: Iterable<string>) => [...ids].sort();

/**
 * The viewer scope at the use-case level, on the real database: with random groups, memberships and managers, a
 * group manager sees exactly the people of the groups they are in charge of (never one outside, all inside) in every
 * read, and their groups exactly; an owner sees everyone.
 */
describe('viewer scope (property)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('a group manager sees exactly their groups, their people and those people standings', async () => {
    await fc.assert(
      fc.asyncProperty(worlds, async (world) => {
        const owner = await createTenant(t.app);
        const org = owner.organizationId;
        const ownerViewer: Viewer = { organizationId: org, userId: owner.userId, role: 'owner' };
        const actor = {
          userId: owner.userId,
          organizationId: org,
          role: 'owner' as const,
          origin: { ip: null, userAgent: null },
        };
        const people = [];
        for (let i = 0; i < world.people; i++) people.push((await createPerson(t.app, org)).id);
        const document = await createDocument(t.app, org);
        const assignedPeople = people.filter((_, i) => world.assigned[i]);
        if (assignedPeople.length > 0) {
          const everyone = await createGroup(t.app, org, { autoIssue: false, documentIds: [document.id] });
          await t.app.get(AddPeopleToGroup).execute({ groupId: everyone.id, personIds: assignedPeople });
        }
        const groups: string[] = [];
        for (let g = 0; g < world.groups; g++) {
          const group = await createGroup(t.app, org, { autoIssue: false });
          groups.push(group.id);
          const members = people.filter((_, i) => world.memberships[g][i]);
          if (members.length > 0) await t.app.get(AddPeopleToGroup).execute({ groupId: group.id, personIds: members });
        }
        const managers: { viewer: Viewer; groups: Set<string> }[] = [];
        for (const managed of world.managed) {
          const { user } = await t.app.get(CreateUser).execute({
            organizationId: org,
            name: 'Manager',
            email: `m.${Math.random().toString(36).slice(2)}@example.test`,
            role: 'group_manager',
          });
          managers.push({
            viewer: { organizationId: org, userId: user.id, role: 'group_manager' },
            groups: new Set(groups.filter((_, g) => managed[g])),
          });
        }
        for (const [g, groupId] of groups.entries()) {
          const group = await t.app.get(ShowGroup).execute({ organizationId: org, groupId });
          const userIds = managers.filter((_, m) => world.managed[m][g]).map((m) => m.viewer.userId);
          await t.app.get(SetGroupManagers).execute({ actor, group, userIds });
        }

        const everyoneSees = [{ viewer: ownerViewer, groups: null as Set<string> | null }, ...managers];
        for (const { viewer, groups: mine } of everyoneSees) {
          const visible = new Set(
            mine === null
              ? people
              : people.filter((_, i) => groups.some((g, gi) => mine.has(g) && world.memberships[gi][i])),
          );
          const listed = await t.app.get(ListPeopleInScope).execute({ viewer, limit: 100 });
          expect(sorted(listed.items.map((p) => p.id))).toEqual(sorted(visible));
          const exported = await collect(t.app.get(ExportPeopleInScope).execute({ viewer }));
          expect(sorted(exported.map((p) => p.id))).toEqual(sorted(visible));
          for (const personId of people) {
            const hidden = !visible.has(personId);
            expect(await isNotFound(() => t.app.get(ShowPersonInScope).execute({ viewer, personId }))).toBe(hidden);
            expect(
              await isNotFound(() => t.app.get(ListPersonRequestsInScope).execute({ viewer, personId, limit: 10 })),
            ).toBe(hidden);
          }

          const visibleGroups = (await t.app.get(ListGroupsInScope).execute({ viewer, limit: 100 })).items.map(
            (g) => g.id,
          );
          if (mine !== null) expect(sorted(visibleGroups)).toEqual(sorted(mine));
          for (const [gi, groupId] of groups.entries()) {
            const hidden = mine !== null && !mine.has(groupId);
            expect(await isNotFound(() => t.app.get(ShowGroupInScope).execute({ viewer, groupId }))).toBe(hidden);
            if (hidden) {
              expect(
                await isNotFound(() => t.app.get(ListGroupMembersInScope).execute({ viewer, groupId, limit: 100 })),
              ).toBe(true);
            } else {
              const members = await t.app.get(ListGroupMembersInScope).execute({ viewer, groupId, limit: 100 });
              expect(sorted(members.items.map((p) => p.id))).toEqual(
                sorted(people.filter((_, i) => world.memberships[gi][i])),
              );
            }
          }

          const standing = sorted(assignedPeople.filter((id) => visible.has(id)));
          const page = await t.app
            .get(ListDocumentStandings)
            .execute({ viewer, documentId: document.id, filter: {}, limit: 100 });
          expect(page.items.map((s) => s.personId)).toEqual(standing);
          const streamed = await collect(
            await t.app.get(ExportDocumentStandings).execute({ viewer, documentId: document.id, filter: {} }),
          );
          expect(streamed.map((s) => s.personId)).toEqual(standing);
          const overview = await t.app.get(ShowComplianceOverview).execute({ viewer });
          const row = overview.documents.find((d) => d.documentId === document.id);
          if (mine === null || standing.length > 0)
            expect(row?.counts).toMatchObject({ total: standing.length, unrequested: standing.length });
          else expect(row).toBeUndefined();
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
