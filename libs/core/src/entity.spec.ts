import { applyChanges, Entity } from './entity';

interface TicketProps {
  id: string;
  seats: number;
  tags: string[];
  secret: string;
}

class Ticket extends Entity.exposing<TicketProps>()('id', 'seats', 'tags') {
  book(): void {
    this.props.seats -= 1;
    this.props.tags.push('booked');
  }
}

const stored = (): TicketProps => ({ id: 't1', seats: 2, tags: ['a'], secret: 's' });

describe('Entity', () => {
  it('reads the listed props as properties, and follows the changes its methods make', () => {
    const ticket = Ticket.restore(stored());
    expect([ticket.id, ticket.seats, ticket.tags]).toEqual(['t1', 2, ['a']]);
    ticket.book();
    expect([ticket.seats, ticket.tags]).toEqual([1, ['a', 'booked']]);
  });

  it('exposes only the listed props, through getters on one shared prototype', () => {
    const ticket = Ticket.restore(stored());
    expect('secret' in ticket).toBe(false);
    expect(Object.keys(ticket)).toEqual(['props']);
    // Configurable, as a getter written in a class body is.
    expect(Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Ticket.prototype), 'seats')?.configurable).toBe(true);
    const base = Object.getPrototypeOf(Ticket.prototype) as object;
    expect(Object.getOwnPropertyDescriptor(base, 'seats')?.get).toBeInstanceOf(Function);
    expect(Object.getOwnPropertyDescriptor(Ticket.restore(stored()), 'seats')).toBeUndefined();
  });

  it('restores an instance of the subclass that keeps no link to the object it was given', () => {
    const props = stored();
    const ticket = Ticket.restore(props);
    expect(ticket).toBeInstanceOf(Ticket);
    props.tags.push('outside');
    props.seats = 9;
    expect([ticket.seats, ticket.tags]).toEqual([2, ['a']]);
  });

  it('hands out a frozen snapshot, lists copied, that later changes do not reach', () => {
    const ticket = Ticket.restore(stored());
    const snapshot = ticket.toSnapshot();
    expect(snapshot).toEqual(stored());
    expect(Object.isFrozen(snapshot)).toBe(true);
    ticket.book();
    expect(snapshot.seats).toBe(2);
    expect(snapshot.tags).toEqual(['a']);
  });

  it('works without exposed props too', () => {
    class Note extends Entity<{ text: string }> {}
    expect(Note.restore({ text: 'hi' }).toSnapshot()).toEqual({ text: 'hi' });
  });
});

describe('applyChanges', () => {
  const before = new Date('2026-01-01T00:00:00Z');
  const now = new Date('2026-01-02T00:00:00Z');

  it('writes the values and moves updatedAt when one differs', () => {
    const props = { name: 'a', open: true, updatedAt: before };
    expect(applyChanges(props, { name: 'a', open: false }, now)).toBe(true);
    expect(props).toEqual({ name: 'a', open: false, updatedAt: now });
  });

  it('changes nothing, updatedAt included, when every value is the same', () => {
    const props = { name: 'a', open: true, updatedAt: before };
    expect(applyChanges(props, { name: 'a', open: true }, now)).toBe(false);
    expect(props.updatedAt).toBe(before);
  });
});
