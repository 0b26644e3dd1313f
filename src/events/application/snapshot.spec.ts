import { defineSnapshot } from './snapshot';

interface Subject {
  id: string;
  displayName: string | null;
  startsAt: Date;
  endsAt: Date | null;
  secret: string;
}

describe('defineSnapshot', () => {
  const snapshot = defineSnapshot<Subject>()({ id: 'id', display_name: 'text', starts_at: 'time', ends_at: 'time' });

  it('writes the listed fields, in the list’s order, from their camel-case properties; times as ISO 8601', () => {
    const subject = {
      id: '01jd0000000000000000000001',
      displayName: 'A "quoted" name',
      startsAt: new Date(0),
      endsAt: null,
      secret: 's',
    };
    expect(JSON.stringify(snapshot.of(subject))).toBe(
      '{"id":"01jd0000000000000000000001","display_name":"A \\"quoted\\" name","starts_at":"1970-01-01T00:00:00.000Z","ends_at":null}',
    );
  });

  it('keeps the field list for the other writers of the shape', () => {
    expect(Object.entries(snapshot.fields)).toEqual([
      ['id', 'id'],
      ['display_name', 'text'],
      ['starts_at', 'time'],
      ['ends_at', 'time'],
    ]);
  });

  it('takes names as string literals, never as code', () => {
    const odd = defineSnapshot<Record<string, string>>()({ 'x"]+process.exit(1)+["': 'text' } as never);
    expect(snapshot.of).not.toBe(odd.of);
    expect(JSON.stringify(odd.of({ 'x"]+process.exit(1)+["': 'v' }))).toBe('{"x\\"]+process.exit(1)+[\\"":"v"}');
  });
});
