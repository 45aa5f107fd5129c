import type { TStyleComposition } from "@hub/contracts/library/style-composition";
import { Alert, Button } from "@mui/material";
import type { ComponentType } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { PageLoader } from "../../../components/loading-screen";
import { messageOf } from "../../../lib/api-error";
import { useCanEditLibrary } from "../shared/library-list-page";
import { parseStyleId, useComposition } from "./api";

/** A style's read-only pages, by the path under /styles and the label of their link. */
const STYLE_PAGES = {
  preview: { path: "productPreview", label: "Preview" },
  parts: { path: "styleParts", label: "Parts" },
  instructions: { path: "styleInstructions", label: "Instructions" },
} as const;

/** Links to a style's other read-only pages, in the order given. */
export const StyleLinks = ({ styleId, pages }: { styleId: number; pages: (keyof typeof STYLE_PAGES)[] }) =>
  pages.map((page) => (
    <Button key={page} component={RouterLink} to={`/styles/${STYLE_PAGES[page].path}/${styleId}`}>
      {STYLE_PAGES[page].label}
    </Button>
  ));

/** What a read-only style page shows: the style's composition, its id and whether the caller may edit it. */
export type StylePageProps = { c: TStyleComposition; styleId: number; canEdit: boolean };

/**
 * A read-only page of a style's composition (`/styles/<page>/:id`): the style of the path, loaded
 * (a bad id or a failed read says so), then `View` with it.
 */
export const styleCompositionPage = (View: ComponentType<StylePageProps>) =>
  function StyleCompositionPage() {
    const styleId = parseStyleId(useParams().id);
    const canEdit = useCanEditLibrary();
    const query = useComposition(styleId ?? 0);
    if (styleId === null) return <Alert severity="error">That style does not exist.</Alert>;
    if (query.isPending) return <PageLoader />;
    if (query.isError) return <Alert severity="error">{messageOf(query.error)}</Alert>;
    return <View c={query.data} styleId={styleId} canEdit={canEdit} />;
  };
