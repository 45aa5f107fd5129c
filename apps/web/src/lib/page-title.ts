import { useEffect } from "react";

/** Sets the browser title for a page: "{title} | Hub". */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} | Hub` : "Hub";
  }, [title]);
}
