/** Contracts of the users area (issue 3): request and response schemas. */
export {};
