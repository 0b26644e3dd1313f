import { resemblesName } from './name-resemblance';

describe('resemblesName', () => {
  it.each([
    ['Ada Lovelace', 'Ada Lovelace', true],
    ['  ada   LOVELACE ', 'Ada Lovelace', true],
    ['Lovelace Ada', 'Ada Lovelace', true],
    ['Ada Lovelace', 'Ada King Lovelace', true],
    ['Ada King Lovelace', 'Ada Lovelace', true],
    ['Zoe Saldana', 'Zoë Saldaña', true],
    ['Zoë Saldaña', 'Zoe Saldana', true],
    ['Jean Luc Picard', 'Jean-Luc Picard', true],
    ['Miles OBrien', "Miles O'Brien", true],
    ['Miles O’Brien', "Miles O'Brien", true],
    ['Hans Strasse', 'Hans Straße', true],
    ['Grace Hopper', 'Hopper', true],
    ['Mallory Lovelace', 'Ada Lovelace', false],
    ['Ada', 'Ada Lovelace', false],
    ['A. Lovelace', 'Ada Lovelace', false],
    ['AdaLovelace', 'Ada Lovelace', false],
    ['', 'Ada Lovelace', false],
    ['!!!', 'Ada Lovelace', false],
    ['<script>Ada</script>', 'Ada Lovelace', false],
  ])('%j resembles %j: %s', (typed, recipient, resembles) => {
    expect(resemblesName(typed, recipient)).toBe(resembles);
  });
});
