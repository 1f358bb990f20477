// Counts with the default locale's grouping, as Number#toLocaleString() gives them, from one formatter:
// toLocaleString() sets up a formatter per call, and the inbox shows a dozen counts per keystroke.
const grouping = new Intl.NumberFormat();

export const formatCount = (n: number): string => grouping.format(n);
