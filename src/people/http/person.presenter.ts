import { personSnapshot } from '../application/person-snapshot';

/** The contract's Person (the snapshot its events carry). */
export const presentPerson = personSnapshot.of;
