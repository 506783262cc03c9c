// node-postgres's own turning of a value into the text it binds (pg exports lib/*, untyped).
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): string | Buffer | null };
  export default utils;
}
