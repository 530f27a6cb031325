/**
 * A table that scrolls inside its own box when it is wider than the screen: shadows at the edges
 * that have more columns beyond them are the cue. The covers (in `--table-bg`, the surface colour)
 * scroll with the content and the shadows stay, so a shadow shows only where the table continues.
 */
export const scrollShadowsSx = {
  overflowX: 'auto',
  background: [
    'linear-gradient(to right, var(--table-bg) 30%, transparent) left center / 40px 100% no-repeat local',
    'linear-gradient(to left, var(--table-bg) 30%, transparent) right center / 40px 100% no-repeat local',
    'radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.22), transparent) left center / 14px 100% no-repeat scroll',
    'radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.22), transparent) right center / 14px 100% no-repeat scroll',
  ].join(', '),
  '--table-bg': 'var(--mui-palette-background-paper, #fff)',
} as const;
