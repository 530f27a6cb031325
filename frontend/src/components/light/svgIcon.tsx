// Icons as inline SVG (Material icon paths) for the light pages: MUI's icon component would add
// its own code to their budget.
export const svgIcon = (d: string) =>
  function Icon({ size = 24, color = 'currentColor' }: { size?: number; color?: string }) {
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" fill={color} aria-hidden="true" focusable="false">
        <path d={d} />
      </svg>
    );
  };
