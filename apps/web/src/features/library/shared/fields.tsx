import type { ComponentProps } from "react";
import { RefSelect as ResourceRefSelect } from "../../../components/resource/fields";
import { LIBRARY_PREFIX } from "./api";

/** Picks one row of a library resource, by its key ("styles", "options"). */
export function RefSelect(props: ComponentProps<typeof ResourceRefSelect>) {
  return <ResourceRefSelect {...props} resource={`${LIBRARY_PREFIX}/${props.resource}`} />;
}
