import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('users')
export class UserRecord {
  @PrimaryColumn('varchar') id!: string;
  @Column('varchar') name!: string;
  @Column('varchar') email!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}
