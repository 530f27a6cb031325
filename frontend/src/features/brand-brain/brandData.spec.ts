import { brandDataFromForm, cardDescription, defaultProfileName, draftFromBrandData, personalityTags, profileColors, toHexColor } from './brandData';

describe('brand data helpers', () => {
  it('lists only the colours that are set', () => {
    expect(profileColors({ colors: { primary: '#112233', secondary: null, accent: '' } })).toEqual([{ role: 'primary', value: '#112233' }]);
    expect(profileColors(null)).toEqual([]);
  });

  it("describes a card by its description, then 'Tone: {tone}', then 'No description provided'", () => {
    expect(cardDescription({ id: '1', name: 'A', description: 'Hello' })).toBe('Hello');
    expect(cardDescription({ id: '1', name: 'A', description: '', brand_data: { visualStyle: { tone: 'Calm' } } })).toBe('Tone: Calm');
    expect(cardDescription({ id: '1', name: 'A', brand_data: { visual_style: { tone: 'Loud' } } })).toBe('Tone: Loud');
    expect(cardDescription({ id: '1', name: 'A' })).toBe('No description provided');
  });

  it('reads personality tags from a list or a comma-separated string', () => {
    expect(personalityTags({ brandPersonality: ['Bold', ' ', 'Warm'] })).toEqual(['Bold', 'Warm']);
    expect(personalityTags({ brand_personality: 'Bold, Warm' })).toEqual(['Bold', 'Warm']);
  });

  it('normalises colours to #RRGGBB', () => {
    expect(toHexColor('#abc')).toBe('#AABBCC');
    expect(toHexColor('a1b2c3')).toBe('#A1B2C3');
    expect(toHexColor('rgb(1,2,3)')).toBe('');
  });

  it('prefills from either brand data shape, with the defaults where nothing was found', () => {
    const draft = draftFromBrandData({ color_palette: ['#010203'], typography: { heading_style: 'Caps' } }, { name: 'X Brand', description: '' });
    expect(draft.values).toMatchObject({ name: 'X Brand', primary: '#010203', secondary: '#111827', accent: '', headingStyle: 'Caps' });
    expect(draft.palette).toEqual([{ hex: '#010203', proportion: null }]);
  });

  it('builds brand_data from the form, leaving out empty text', () => {
    const values = draftFromBrandData(null, { name: 'N', description: '' }).values;
    expect(brandDataFromForm(values)).toEqual({ colors: { primary: '#0066FF', secondary: '#111827', accent: '' } });
  });
});

describe('defaultProfileName (spec §9)', () => {
  it("turns one file's underscores and dashes into spaces", () => {
    expect(defaultProfileName(['acme_brand-logo.png'])).toBe('acme brand logo');
  });

  it("names several files 'Brand Profile - {Mon} {day}'", () => {
    expect(defaultProfileName(['a.png', 'b.png'], new Date(Date.UTC(2026, 0, 5, 23, 30)))).toBe('Brand Profile - Jan 5');
  });
});
