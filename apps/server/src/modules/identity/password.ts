/** Password hashing lives in the platform (seeding uses it too); the identity area reads it from here. */
export * from "../../platform/password";
