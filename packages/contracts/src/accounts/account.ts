/** Contracts of the account area (issue 3): request and response schemas. */
export {};
