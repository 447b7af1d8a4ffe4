import { type QueryKey, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { toastFailure } from "./feedback";
import { SILENT } from "./queries";

/** A settings list, silent in the global handler: a failure shows the tab's own toast (`errorKey`). */
export function useSettingsList<T>(queryKey: QueryKey, queryFn: () => Promise<T>, errorKey: string) {
  const query = useQuery({ queryKey, queryFn, meta: SILENT });
  useEffect(() => {
    if (query.error) toastFailure(query.error, errorKey);
  }, [query.error, errorKey]);
  return query;
}
