/** Contracts of the clients area (issue 3): request and response schemas. */
export {};
