// opentype.js 2 ships no types; the preview uses only its parser (the shaper reads fonts structurally).
declare module 'opentype.js' {
  export function parse(buffer: ArrayBuffer): unknown;
}
