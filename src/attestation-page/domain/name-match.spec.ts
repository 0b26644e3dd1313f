import { nameMatchesRecipient, normalizedName } from './name-match';

const ada = { firstName: 'Ada', lastName: 'Lovelace' };

describe('nameMatchesRecipient', () => {
  it.each([
    ['Ada Lovelace', ada, true],
    ['  ada   LOVELACE ', ada, true],
    ['Lovelace Ada', ada, true],
    ['Lovelace, Ada', ada, true],
    ['lovelace,ada', ada, true],
    ['Ada King Lovelace', ada, false],
    ['Ada Lovelace Jr', ada, false],
    ['Ada', ada, false],
    ['Lovelace', ada, false],
    ['A. Lovelace', ada, false],
    ['AdaLovelace', ada, false],
    ['Ada Lovelace Ada', ada, false],
    ['Mallory Lovelace', ada, false],
    ['', ada, false],
    ['!!!', ada, false],
    ['<script>Ada Lovelace</script>', ada, false],
    ['Ada Lovelace ✓', ada, false],
    ['Zoe Saldana', { firstName: 'Zoë', lastName: 'Saldaña' }, true],
    ['ZOË SALDAÑA', { firstName: 'Zoe', lastName: 'Saldana' }, true],
    ['Jean Luc Picard', { firstName: 'Jean-Luc', lastName: 'Picard' }, true],
    ['Picard, Jean-Luc', { firstName: 'Jean-Luc', lastName: 'Picard' }, true],
    ['Miles OBrien', { firstName: 'Miles', lastName: "O'Brien" }, true],
    ['Miles O’Brien', { firstName: 'Miles', lastName: "O'Brien" }, true],
    ['Hans Strasse', { firstName: 'Hans', lastName: 'Straße' }, true],
    ['ﬁona ＬＯＶＥＬＡＣＥ', { firstName: 'Fiona', lastName: 'Lovelace' }, true],
    ['Ada Love\u200Blace', ada, true],
    ['Hopper', { firstName: null, lastName: 'Hopper' }, true],
    ['Grace Hopper', { firstName: null, lastName: 'Hopper' }, false],
    ['Hopper', { firstName: '', lastName: 'Hopper' }, true],
    ['', { firstName: null, lastName: '' }, false],
    ['Ada', { firstName: 'Ada', lastName: '' }, false],
  ])('%j matches %j: %s', (typed, recipient, matches) => {
    expect(nameMatchesRecipient(typed, recipient)).toBe(matches);
  });

  it('normalises compatibility forms, case, accents, apostrophes, punctuation and spaces', () => {
    expect(normalizedName('  Ｚoë\u00A0 d’Arc-Ségur,  ß ')).toBe('zoe darc segur ss');
    expect(normalizedName('İstanbul')).toBe('istanbul');
    expect(normalizedName('\t\n')).toBe('');
  });
});
