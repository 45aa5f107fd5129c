/** Contracts of the files area (issue 3): request and response schemas. */
export {};
