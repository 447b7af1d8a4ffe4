import { QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError, toastError } from "../api/client";

/** Query failures toast once, unless the query says `meta: { silent: true }`. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.silent) return;
      toastError(error);
    },
  }),
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
        return failureCount < 2;
      },
    },
  },
});
