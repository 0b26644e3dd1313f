import { defineScenario } from '../scenario';

/** The first page of a group of 1,000 members: group_memberships_listing (group_id, created_at, person_id). */
let groupId: string | undefined;
export const largestGroup = async (sql: (text: string) => Promise<{ group_id: string }[]>) =>
  (groupId ??= (
    await sql(`SELECT group_id FROM group_memberships GROUP BY group_id ORDER BY count(*) DESC, group_id LIMIT 1`)
  )[0].group_id);

export default defineScenario({
  name: 'GET /groups/{id}/people',
  request: async ({ sql }) => ({ path: `/groups/${await largestGroup(sql)}/people` }),
});
