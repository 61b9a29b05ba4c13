/** The drag type the variables panel sets: raw Liquid for the canvas to insert where it lands. */
export const SNIPPET_TYPE = 'application/x-liquid-snippet';
