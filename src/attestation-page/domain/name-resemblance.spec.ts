import { resemblesName } from './name-resemblance';

describe('resemblesName', () => {
  it.each([
    ['Ada Lovelace', 'Ada Lovelace'],
    ['  ada   LOVELACE ', 'Ada Lovelace'],
    ['Lovelace Ada', 'Ada Lovelace'],
    ['Ada Lovelace', 'Ada King Lovelace'],
    ['Ada King Lovelace', 'Ada Lovelace'],
    ['Zoe Saldana', 'Zoë Saldaña'],
    ['Zoë Saldaña', 'Zoe Saldana'],
    ['Jean Luc Picard', 'Jean-Luc Picard'],
    ['Miles OBrien', "Miles O'Brien"],
    ['Miles O’Brien', "Miles O'Brien"],
    ['Hans Strasse', 'Hans Straße'],
    ['Grace Hopper', 'Hopper'],
  ])('%j resembles %j', (typed, recipient) => {
    expect(resemblesName(typed, recipient)).toBe(true);
  });

  it.each([
    ['Mallory Lovelace', 'Ada Lovelace'],
    ['Ada', 'Ada Lovelace'],
    ['A. Lovelace', 'Ada Lovelace'],
    ['AdaLovelace', 'Ada Lovelace'],
    ['', 'Ada Lovelace'],
    ['!!!', 'Ada Lovelace'],
    ['<script>Ada</script>', 'Ada Lovelace'],
  ])('%j does not resemble %j', (typed, recipient) => {
    expect(resemblesName(typed, recipient)).toBe(false);
  });
});
