import {
  type TInstruction,
  type TInstructionDetail,
  type TInstructionImage,
  type TInstructionImageRequest,
  type TInstructionRequest,
  ZInstructionDetailSchema,
  ZInstructionImagePageSchema,
  ZInstructionImageRequestSchema,
  ZInstructionImageSchema,
  ZInstructionPageSchema,
  ZInstructionRequestSchema,
} from "@hub/contracts/library/instructions";
import {
  type TInstructionProfile,
  type TInstructionProfileDetail,
  type TInstructionProfileRequest,
  ZInstructionProfileDetailSchema,
  ZInstructionProfilePageSchema,
  ZInstructionProfileRequestSchema,
} from "@hub/contracts/library/profiles";
import {
  instructionImagesApi,
  instructionProfilesApi,
  instructionsApi,
  machinesApi,
} from "@hub/contracts/library/resources-api";
import { Card, CardContent, Link, List, ListItem, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { LIBRARY_API, type LibraryConfig } from "../shared/types";
import { archivedColumn, dash, PROFILE_FIELDS, profileColumns, updatedColumn } from "./format";
import { GROUPS } from "./groups";
import { InstructionImageFile } from "./instruction-image-file";
import { LIBRARY_PATHS } from "./paths";

export const instructionsConfig: LibraryConfig<TInstructionRequest, TInstructionDetail, TInstruction> = {
  api: instructionsApi,
  ...LIBRARY_API,
  ...LIBRARY_PATHS.instructions,
  title: "Instructions",
  noun: "instruction",
  subtitle: "Construction operations, each on a machine, in standard minutes.",
  columns: [
    { field: "code", headerName: "Code", width: 130 },
    { field: "name", headerName: "Name", flex: 1.4, minWidth: 220 },
    { field: "machineName", headerName: "Machine", width: 180, valueFormatter: (v) => dash(v) },
    { field: "standardMinutes", headerName: "Minutes", width: 100, type: "number", valueFormatter: (v) => dash(v) },
    { field: "imageCount", headerName: "Images", width: 90, type: "number" },
    archivedColumn(),
    updatedColumn<TInstruction>(),
  ],
  defaultSort: "code,asc",
  searchPlaceholder: "Search code, name, description or machine…",
  titleField: "name",
  schemas: { page: ZInstructionPageSchema, detail: ZInstructionDetailSchema, request: ZInstructionRequestSchema },
  fields: [
    { name: "code", label: "Code", kind: "text", half: true },
    { name: "name", label: "Name", kind: "text", half: true },
    { name: "machineId", label: "Machine", kind: "ref", resource: machinesApi.lookup, half: true },
    { name: "standardMinutes", label: "Standard minutes", kind: "decimal", unit: "min", half: true },
    { name: "description", label: "How to do it", kind: "multiline" },
  ],
  empty: { code: "", name: "", machineId: null, standardMinutes: null, description: "" },
  fromDetail: (d) => ({
    code: d.code,
    name: d.name,
    machineId: d.machineId,
    standardMinutes: d.standardMinutes,
    description: d.description ?? "",
  }),
  archivable: true,
  group: GROUPS.instructions,
  aside: (d) => {
    const images = d.images;
    return (
      <Card>
        <CardContent>
          <Typography variant="h6">Images</Typography>
          {images.length === 0 ? (
            <Typography sx={{ color: "text.secondary", mt: 1 }}>
              No images yet.{" "}
              <Link component={RouterLink} to="/instructionImages/new">
                Add one
              </Link>
              .
            </Typography>
          ) : (
            <List dense>
              {images.map((i) => (
                <ListItem key={i.id} disableGutters>
                  <Link component={RouterLink} to={`/instructionImages/edit/${i.id}`}>
                    {i.caption}
                  </Link>
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
    );
  },
};

export const instructionImagesConfig: LibraryConfig<TInstructionImageRequest, TInstructionImage, TInstructionImage> = {
  api: instructionImagesApi,
  ...LIBRARY_API,
  ...LIBRARY_PATHS.instructionImages,
  title: "Instruction Images",
  noun: "instruction image",
  subtitle: "Pictures that show how an operation is done.",
  columns: [
    { field: "instructionCode", headerName: "Instruction", width: 140 },
    { field: "instructionName", headerName: "Instruction name", flex: 1, minWidth: 180, sortable: false },
    { field: "caption", headerName: "Caption", flex: 1, minWidth: 180 },
    { field: "fileName", headerName: "File", width: 180, sortable: false, valueFormatter: (v) => dash(v) },
    { field: "sortOrder", headerName: "Order", width: 80, type: "number" },
    updatedColumn<TInstructionImage>(),
  ],
  defaultSort: "instructionCode,asc",
  searchPlaceholder: "Search caption, instruction or file…",
  titleField: "caption",
  schemas: {
    page: ZInstructionImagePageSchema,
    detail: ZInstructionImageSchema,
    request: ZInstructionImageRequestSchema,
  },
  fields: [
    { name: "instructionId", label: "Instruction", kind: "ref", resource: instructionsApi.lookup },
    { name: "caption", label: "Caption", kind: "text" },
    { name: "sortOrder", label: "Sort order", kind: "int", half: true },
  ],
  empty: { instructionId: null, caption: "", sortOrder: 0 },
  fromDetail: (d) => ({ instructionId: d.instructionId, caption: d.caption, sortOrder: d.sortOrder }),
  group: GROUPS.instructions,
  below: (d, canEdit) => <InstructionImageFile image={d} canEdit={canEdit} />,
};

export const instructionProfilesConfig: LibraryConfig<
  TInstructionProfileRequest,
  TInstructionProfileDetail,
  TInstructionProfile
> = {
  api: instructionProfilesApi,
  ...LIBRARY_API,
  ...LIBRARY_PATHS.instructionProfiles,
  title: "Instruction Profiles",
  noun: "instruction profile",
  subtitle: "The construction steps a kind of garment shares, in order.",
  columns: profileColumns<TInstructionProfile>("Steps"),
  defaultSort: "name,asc",
  searchPlaceholder: "Search name or description…",
  titleField: "name",
  schemas: {
    page: ZInstructionProfilePageSchema,
    detail: ZInstructionProfileDetailSchema,
    request: ZInstructionProfileRequestSchema,
  },
  fields: [
    ...PROFILE_FIELDS,
    { name: "instructionIds", label: "Steps", kind: "refMulti", resource: instructionsApi.lookup, ordered: true },
  ],
  empty: { name: "", description: "", instructionIds: [] },
  fromDetail: (d) => ({ name: d.name, description: d.description ?? "", instructionIds: d.instructionIds }),
  group: GROUPS.instructions,
};
