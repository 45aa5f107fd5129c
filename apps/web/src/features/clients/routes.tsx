import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/card-guard";

const ClientsListPage = lazy(() => import("./clients-list-page"));
const ClientFormPage = lazy(() => import("./client-form-page"));

/** The clients screens (issue 3), mounted inside the signed-in shell. Paths are relative to "/". */
export const clientsRoutes: RouteObject[] = [
  {
    path: "clients",
    element: (
      <CardGuard>
        <ClientsListPage />
      </CardGuard>
    ),
  },
  {
    path: "clients/new",
    element: (
      <CardGuard>
        <ClientFormPage mode="new" />
      </CardGuard>
    ),
  },
  {
    path: "clients/edit/:id",
    element: (
      <CardGuard>
        <ClientFormPage mode="edit" />
      </CardGuard>
    ),
  },
];
