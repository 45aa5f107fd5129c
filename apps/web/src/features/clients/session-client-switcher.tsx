/** Lets internal users choose the session client they work in (spec 4). */
export function SessionClientSwitcher() {
  return null;
}
