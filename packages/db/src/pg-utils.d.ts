/** node-postgres's value preparation (untyped in @types/pg): how it sends a query parameter. */
declare module "pg/lib/utils" {
  export function prepareValue(value: unknown): string | Buffer | null;
}
