const START_SHADOW = 'linear-gradient(to right, rgba(0,0,0,.16), transparent 14px)';
const END_SHADOW = 'linear-gradient(to left, rgba(0,0,0,.16), transparent 14px)';

/**
 * A table that scrolls inside its own box when it is wider than the screen: a shadow at each edge
 * that has more columns beyond it is the cue. Which edges do is measured (data-overflow-start and
 * data-overflow-end, set by useScrollShadows), so a table that fits shows none and the box keeps its
 * own background colour: no cover has to match the surface behind it.
 */
export const scrollShadowsSx = {
  overflowX: 'auto',
  '&[data-overflow-start]': { backgroundImage: START_SHADOW },
  '&[data-overflow-end]': { backgroundImage: END_SHADOW },
  '&[data-overflow-start][data-overflow-end]': { backgroundImage: `${START_SHADOW}, ${END_SHADOW}` },
} as const;
