import { csvLine } from './csv';

describe('csvLine', () => {
  it('quotes as RFC 4180 says and defuses formulas', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', null])).toBe('a,"b,c","say ""hi""",\r\n');
    expect(csvLine(['=1+1', '+x', '-2', '@SUM(A1)', '\tt', 'ok'])).toBe("'=1+1,'+x,'-2,'@SUM(A1),'\tt,ok\r\n");
    expect(csvLine(['\rcr'])).toBe(`"'\rcr"\r\n`);
  });
});
