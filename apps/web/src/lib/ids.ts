/** A record id from the URL (a route parameter or a filter): a positive integer of at most 10 digits, else null. */
export const parseId = (raw: string | null | undefined): number | null =>
  raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
