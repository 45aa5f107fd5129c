import { LIBRARY_EDITOR_TYPES } from "@hub/contracts/library/common";
import type { GridValidRowModel } from "@mui/x-data-grid";
import type { FieldValues } from "react-hook-form";
import type { ResourceConfig, ResourceDetail } from "../../../components/resource/types";

export type { CustomFieldProps } from "../../../components/resource/types";

/** A library resource's screens: a resource config under /library, edited by LIBRARY_EDITOR_TYPES. */
export type LibraryConfig<
  TRequest extends FieldValues,
  TDetail extends ResourceDetail,
  TRow extends GridValidRowModel & { id: number } = TDetail,
> = ResourceConfig<TRequest, TDetail, TRow>;

/** What every library config spreads in: who edits it (its operations are its `api`). */
export const LIBRARY_API = { editors: LIBRARY_EDITOR_TYPES } as const;
