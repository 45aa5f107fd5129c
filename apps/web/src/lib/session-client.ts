/** Headers that tell the server which client an internal user is working in (spec 4). */
export const sessionClientHeaders = (): Record<string, string> => ({});
