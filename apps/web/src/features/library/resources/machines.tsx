import {
  MACHINE_TYPES,
  type TMachine,
  type TMachineDetail,
  type TMachineRequest,
  ZMachineDetailSchema,
  ZMachinePageSchema,
  ZMachineRequestSchema,
} from "@hub/contracts/library/machines";
import { machinesApi } from "@hub/contracts/library/resources-api";
import { Card, CardContent, Link, List, ListItem, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { LIBRARY_API, type LibraryConfig } from "../shared/types";
import { archivedColumn, dash, oneOf, updatedColumn } from "./format";
import { LIBRARY_PATHS } from "./paths";

export const machinesConfig: LibraryConfig<TMachineRequest, TMachineDetail, TMachine> = {
  api: machinesApi,
  ...LIBRARY_API,
  ...LIBRARY_PATHS.machines,
  title: "Machines",
  noun: "machine",
  subtitle: "The floor's machines and the construction steps done on them.",
  columns: [
    { field: "code", headerName: "Code", width: 140 },
    { field: "name", headerName: "Name", flex: 1, minWidth: 180 },
    { field: "machineType", headerName: "Type", width: 150 },
    { field: "make", headerName: "Make", width: 160, valueFormatter: (v) => dash(v) },
    { field: "instructionCount", headerName: "Instructions", width: 120, type: "number" },
    archivedColumn(),
    updatedColumn<TMachine>(),
  ],
  defaultSort: "code,asc",
  searchPlaceholder: "Search code, name, type or make…",
  titleField: "name",
  schemas: { page: ZMachinePageSchema, detail: ZMachineDetailSchema, request: ZMachineRequestSchema },
  fields: [
    { name: "code", label: "Code", kind: "text", half: true, helper: "Letters, digits, dots, hyphens; unique" },
    { name: "name", label: "Name", kind: "text", half: true },
    { name: "machineType", label: "Machine type", kind: "select", options: MACHINE_TYPES, half: true },
    { name: "make", label: "Make and model", kind: "text", half: true },
  ],
  empty: { code: "", name: "", machineType: "Overlock", make: "" },
  fromDetail: (d) => ({
    code: d.code,
    name: d.name,
    machineType: oneOf(MACHINE_TYPES, d.machineType),
    make: d.make ?? "",
  }),
  archivable: true,
  aside: (d) => {
    const instructions = d.instructions;
    return (
      <Card>
        <CardContent>
          <Typography variant="h6">Instructions on this machine</Typography>
          {instructions.length === 0 ? (
            <Typography sx={{ color: "text.secondary", mt: 1 }}>No instruction names this machine yet.</Typography>
          ) : (
            <List dense>
              {instructions.map((i) => (
                <ListItem key={i.id} disableGutters>
                  <Link component={RouterLink} to={`/instructions/edit/${i.id}`}>
                    {i.code} · {i.name}
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
