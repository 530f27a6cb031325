import { makeProfile } from './test/fixtures';
import { brandDataFromForm, cardDescription, defaultProfileName, draftFromBrandData, personalityTags, profileColors, toHexColor } from './brandData';

describe('brand data helpers', () => {
  it('lists only the colours that are set', () => {
    expect(profileColors({ colors: { primary: '#112233', secondary: null, accent: '' } })).toEqual([{ role: 'primary', value: '#112233' }]);
    expect(profileColors(null)).toEqual([]);
  });

  it("describes a card by its description, then 'Tone: {tone}', then 'No description provided'", () => {
    expect(cardDescription(makeProfile({ description: 'Hello' }))).toBe('Hello');
    expect(cardDescription(makeProfile({ description: '', brand_data: { visualStyle: { tone: 'Calm' } } }))).toBe('Tone: Calm');
    expect(cardDescription(makeProfile({ description: null, brand_data: {} }))).toBe('No description provided');
    expect(cardDescription(makeProfile({ description: null, brand_data: null }))).toBe('No description provided');
  });

  it('reads personality tags, leaving out blank ones', () => {
    expect(personalityTags({ brandPersonality: ['Bold', ' ', 'Warm'] })).toEqual(['Bold', 'Warm']);
    expect(personalityTags({})).toEqual([]);
  });

  it('normalises colours to #RRGGBB', () => {
    expect(toHexColor('#abc')).toBe('#AABBCC');
    expect(toHexColor('a1b2c3')).toBe('#A1B2C3');
    expect(toHexColor('rgb(1,2,3)')).toBe('');
  });

  it('prefills from the extracted palette, with the defaults where nothing was found', () => {
    const draft = draftFromBrandData({ palette: [{ hex: '#010203', proportion: 0.7 }], typography: { headingStyle: 'Caps' } }, { name: 'X Brand', description: '' });
    expect(draft.values).toMatchObject({ name: 'X Brand', primary: '#010203', secondary: '#111827', accent: '', headingStyle: 'Caps' });
    expect(draft.palette).toEqual([{ hex: '#010203', proportion: 0.7 }]);
  });

  it('builds brand_data from the form, leaving out empty text', () => {
    const values = draftFromBrandData(null, { name: 'N', description: '' }).values;
    expect(brandDataFromForm(values)).toEqual({ colors: { primary: '#0066FF', secondary: '#111827', accent: '' } });
  });
});

describe('defaultProfileName', () => {
  it("turns one file's underscores and dashes into spaces", () => {
    expect(defaultProfileName(['acme_brand-logo.png'])).toBe('acme brand logo');
  });

  it("names several files 'Brand Profile - {Mon} {day}'", () => {
    expect(defaultProfileName(['a.png', 'b.png'], new Date(Date.UTC(2026, 0, 5, 23, 30)))).toBe('Brand Profile - Jan 5');
  });
});
