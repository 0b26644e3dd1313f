import { newId } from '@lib/core';

export class User {
  constructor(
    readonly id: string,
    readonly name: string,
    readonly email: string,
    readonly createdAt: Date,
    readonly updatedAt: Date,
  ) {}

  static create(input: { name: string; email: string; now: Date }): User {
    return new User(newId(), input.name.trim(), input.email.trim(), input.now, input.now);
  }
}
