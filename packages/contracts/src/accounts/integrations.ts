/** Contracts of the integrations area (issue 3): request and response schemas. */
export {};
