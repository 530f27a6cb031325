import { theme } from './theme';

it('delays tooltips by 700 ms, 300 ms between tooltips (spec §9)', () => {
  expect(theme.components?.MuiTooltip?.defaultProps).toMatchObject({ enterDelay: 700, enterNextDelay: 300 });
});
