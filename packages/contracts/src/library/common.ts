/** The list and lookup contracts are the platform's (common/lists.ts); the library reads them from here too. */
export * from "../common/lists";
