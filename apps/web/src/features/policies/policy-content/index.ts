/** The Hub's three public policies (one file each) and the shapes and dates they share. */
export { ACCEPTABLE_USE_POLICY } from "./acceptable-use";
export * from "./document";
export { PRIVACY_POLICY } from "./privacy";
export { TERMS_AND_CONDITIONS } from "./terms";
