import { filterNavTree, NAV_TREE, type TNavSection } from "@hub/contracts/nav/nav-tree";
import { useMemo } from "react";
import { useAuth } from "../../lib/auth/auth-context";

/** The nav tree as this user may see it: items whose card is in their cardAccess. */
export const useNavSections = (): TNavSection[] => {
  const { cardAccess } = useAuth();
  return useMemo(() => filterNavTree(NAV_TREE, cardAccess), [cardAccess]);
};
