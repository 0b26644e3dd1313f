import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { MAX_NAMED_STATEMENTS, namedStatementCount, preparedStatement } from '../../src/database/prepared-statement';
import { readRows, TypeormUnitOfWork } from '../../src/database/typeorm-unit-of-work';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/** The hot reads go out as named statements: parsed once per connection, then only bound and executed. */
describe('readRows as prepared statements', () => {
  let database: TestDatabase;
  let db: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    // One connection, so the session that prepared is the one asked.
    db = await new DataSource(dataSourceOptions(database.url, 1)).initialize();
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const prepared = () =>
    readRows<{ name: string; statement: string; calls: string }>(
      db,
      `SELECT name, statement, generic_plans + custom_plans AS calls FROM pg_prepared_statements ORDER BY name`,
      [],
    );

  it('prepares a statement once on the connection and runs it by name afterwards, with its values bound', async () => {
    const text = `SELECT $1::int + 1 AS next /* prepared-statement spec */`;
    expect(await readRows(db, text, [1])).toEqual([{ next: 2 }]);
    expect(await readRows(db, text, [41])).toEqual([{ next: 42 }]);
    const mine = (await prepared()).filter((row) => row.statement === text);
    expect(mine).toEqual([{ name: preparedStatement(text, []).name, statement: text, calls: '2' }]);
  });

  it('names a text the same way every time and two texts differently', () => {
    const a = preparedStatement(`SELECT 1 /* a */`, []);
    expect(preparedStatement(`SELECT 1 /* a */`, [7])).toEqual({ ...a, values: [7] });
    expect(preparedStatement(`SELECT 1 /* b */`, []).name).not.toBe(a.name);
  });

  it('sends texts past the cap unnamed, so no connection holds statements without bound', () => {
    for (let i = namedStatementCount(); i < MAX_NAMED_STATEMENTS; i++) preparedStatement(`SELECT ${i} /* fill */`, []);
    expect(namedStatementCount()).toBe(MAX_NAMED_STATEMENTS);
    expect(preparedStatement(`SELECT 'one more' /* past the cap */`, [1])).toEqual({
      text: `SELECT 'one more' /* past the cap */`,
      values: [1],
    });
    expect(namedStatementCount()).toBe(MAX_NAMED_STATEMENTS);
  });

  it('runs inside a unit of work through its transaction, unnamed (TypeORM owns that connection)', async () => {
    const text = `SELECT 3 AS three /* in a transaction */`;
    const unitOfWork = new TypeormUnitOfWork(db);
    await unitOfWork.run(async () => expect(await readRows(db, text, [])).toEqual([{ three: 3 }]));
    expect((await prepared()).filter((row) => row.statement === text)).toEqual([]);
  });
});
