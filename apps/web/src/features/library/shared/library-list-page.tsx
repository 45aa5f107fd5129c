import { LIBRARY_EDITOR_TYPES } from "@hub/contracts/library/common";
import { useCanEdit } from "../../../components/resource/list-page";

/** Whether the signed-in user may change the library (internal admins and facility users). */
export const useCanEditLibrary = (): boolean => useCanEdit(LIBRARY_EDITOR_TYPES);
