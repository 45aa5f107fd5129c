import { useOutletContext } from "react-router";

/** What the style workspace hands its tabs (react-router outlet context). */
export type StyleWorkspaceContext = { styleId: number; canEdit: boolean };

export const useStyleWorkspace = () => useOutletContext<StyleWorkspaceContext>();
