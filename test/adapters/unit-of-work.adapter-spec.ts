import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { activeManager, TypeormUnitOfWork } from '../../src/database/typeorm-unit-of-work';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/** The unit of work on the per-file database: joining, and after-commit hooks that never outlive a rollback. */
describe('TypeormUnitOfWork', () => {
  let database: TestDatabase;
  let db: DataSource;
  let unitOfWork: TypeormUnitOfWork;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await new DataSource(dataSourceOptions(database.url, 4)).initialize();
    unitOfWork = new TypeormUnitOfWork(db);
    await db.query(`CREATE TABLE uow_probe (id int PRIMARY KEY)`);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const count = async () => (await db.query(`SELECT count(*)::int AS n FROM uow_probe`))[0].n as number;
  const insert = (id: number) => activeManager(db).query(`INSERT INTO uow_probe (id) VALUES ($1)`, [id]);

  it('runs hooks once the outermost transaction has committed, nested runs joining it', async () => {
    const seen: number[] = [];
    await unitOfWork.run(async () => {
      await insert(1);
      await unitOfWork.afterCommit(async () => seen.push(await count()));
      await unitOfWork.run(async () => {
        await insert(2);
        await unitOfWork.afterCommit(async () => seen.push(await count()));
      });
      // Still inside: nothing ran yet, and another connection sees nothing.
      expect(seen).toEqual([]);
      expect(await count()).toBe(0);
    });
    expect(seen).toEqual([2, 2]);
  });

  it('runs a nested run in a savepoint: a failure undoes only its own rows and hooks, and it can be retried', async () => {
    const ran: string[] = [];
    await unitOfWork.run(async () => {
      await insert(10);
      await unitOfWork.afterCommit(() => ran.push('outer'));
      // A caught unique violation (as a use-case that retries does): the transaction goes on.
      await expect(
        unitOfWork.run(async () => {
          await insert(11);
          await unitOfWork.afterCommit(() => ran.push('failed inner'));
          await insert(10);
        }),
      ).rejects.toThrow(/duplicate key/);
      await unitOfWork.run(async () => {
        await insert(12);
        await unitOfWork.afterCommit(() => ran.push('inner'));
      });
    });
    expect(ran).toEqual(['outer', 'inner']);
    expect(
      (await db.query(`SELECT id FROM uow_probe WHERE id >= 10 ORDER BY id`)).map((r: { id: number }) => r.id),
    ).toEqual([10, 12]);
    await db.query(`DELETE FROM uow_probe WHERE id >= 10`);
  });

  it('drops the hooks of a transaction that rolls back', async () => {
    const ran: string[] = [];
    await expect(
      unitOfWork.run(async () => {
        await insert(3);
        await unitOfWork.afterCommit(() => ran.push('hook'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ran).toEqual([]);
    expect(await count()).toBe(2);
  });

  it('runs a hook at once outside a transaction, and never lets a failing hook fail the committed work', async () => {
    const ran: string[] = [];
    await unitOfWork.afterCommit(() => ran.push('now'));
    expect(ran).toEqual(['now']);
    await expect(
      unitOfWork.run(async () => {
        await insert(4);
        await unitOfWork.afterCommit(() => {
          throw new Error('queue down');
        });
        await unitOfWork.afterCommit(() => ran.push('after the failing one'));
        return 'done';
      }),
    ).resolves.toBe('done');
    expect(ran).toEqual(['now', 'after the failing one']);
    expect(await count()).toBe(3);
  });
});
