/** Placeholder until the style composition editor lands. */
export function StyleComposition(_props: { styleId: number; canEdit: boolean }) {
  return null;
}
