import { SESSION_CLIENT_HEADER, SESSION_CLIENT_STORAGE_KEY } from "@hub/contracts/session/session-client";

/**
 * Spec 4: internal users work in a stored session client. The choice lives in local storage (logout
 * clears all of it); the server uses it only for internal users and ignores an id it does not know.
 */
export const readSessionClientId = (): number | null => {
  try {
    const raw = localStorage.getItem(SESSION_CLIENT_STORAGE_KEY);
    if (!raw || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
    return Number(raw);
  } catch {
    return null;
  }
};

export const writeSessionClientId = (clientId: number | null): void => {
  try {
    if (clientId === null) localStorage.removeItem(SESSION_CLIENT_STORAGE_KEY);
    else localStorage.setItem(SESSION_CLIENT_STORAGE_KEY, String(clientId));
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts until the page reloads.
  }
};

/** Headers that tell the server which client an internal user is working in (spec 4). */
export const sessionClientHeaders = (): Record<string, string> => {
  const id = readSessionClientId();
  return id === null ? {} : { [SESSION_CLIENT_HEADER]: String(id) };
};
