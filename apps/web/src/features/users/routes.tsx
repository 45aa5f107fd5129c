import { lazy } from "react";
import type { RouteObject } from "react-router";
import { CardGuard } from "../../components/card-guard";

const UsersListPage = lazy(() => import("./users-list-page"));
const UserEditPage = lazy(() => import("./user-edit-page"));

/** The users screens (issue 3), mounted inside the signed-in shell. Paths are relative to "/". */
export const usersRoutes: RouteObject[] = [
  {
    path: "users",
    element: (
      <CardGuard>
        <UsersListPage />
      </CardGuard>
    ),
  },
  {
    path: "users/edit/:id",
    element: (
      <CardGuard>
        <UserEditPage />
      </CardGuard>
    ),
  },
];
