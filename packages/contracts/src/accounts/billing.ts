/** Contracts of the billing area (issue 3): request and response schemas. */
export {};
