/** opencc-js's dictionaries, each a string of "source target…" entries joined by "|" (its package gives them no types). */
declare module 'opencc-js/dict/*' {
  const table: string;
  export default table;
}
