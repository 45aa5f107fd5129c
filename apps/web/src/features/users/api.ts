import { usersApi } from "@hub/contracts/users/api";
import type { TCreateAccountRequest, TUserListQuery, TUserUpdateRequest } from "@hub/contracts/users/users";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api";
import { queryKeys } from "../../lib/query-client";

/** Query keys of the users area: invalidate `all` after any change. */
export const usersKeys = {
  all: ["users"] as const,
  list: (q: Partial<TUserListQuery>) => ["users", "list", q] as const,
  detail: (id: number) => ["users", "detail", id] as const,
  formOptions: () => ["users", "form-options"] as const,
};

export const useUsersList = (q: Partial<TUserListQuery>) =>
  useQuery({
    queryKey: usersKeys.list(q),
    queryFn: () =>
      call(usersApi.list, {
        query: {
          page: q.page,
          size: q.size,
          sort: q.sort,
          searchString: q.searchString,
          type: q.type,
          clientId: q.clientId,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const useUser = (id: number | null) =>
  useQuery({
    queryKey: usersKeys.detail(id ?? 0),
    queryFn: () => call(usersApi.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    // An admin edits what is there now.
    staleTime: 0,
  });

export const useUserFormOptions = () =>
  useQuery({ queryKey: usersKeys.formOptions(), queryFn: () => call(usersApi.formOptions) });

export const useUpdateUser = (id: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUserUpdateRequest) => call(usersApi.update, { params: { id }, body }),
    onSuccess: async (user) => {
      client.setQueryData(usersKeys.detail(id), user);
      await client.invalidateQueries({ queryKey: usersKeys.all });
      // The edited user's session (if it is cached here, e.g. the admin edited themselves).
      await client.invalidateQueries({ queryKey: queryKeys.userData(user.userName) });
    },
  });
};

export const useCreateAccount = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateAccountRequest) => call(usersApi.create, { body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: usersKeys.all });
    },
  });
};
