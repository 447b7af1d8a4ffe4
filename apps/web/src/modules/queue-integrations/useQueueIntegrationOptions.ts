import { useQuery } from "@tanstack/react-query";
import { fetchAllQueueIntegrations, queueIntegrationsKeys } from "./queueIntegrationsApi";

/**
 * The company's integrations for the connection and queue forms' selects, by name. A stored
 * choice stays offered (as "#id") while the list loads or when it cannot be read, so a save
 * sends it back unchanged.
 */
export function useQueueIntegrationOptions(storedId: number | null | undefined): { id: number; name: string }[] {
  const query = useQuery({
    queryKey: queueIntegrationsKeys.options,
    queryFn: ({ signal }) => fetchAllQueueIntegrations(signal),
  });
  const options = (query.data ?? []).map(({ id, name }) => ({ id, name }));
  if (storedId && !options.some((option) => option.id === storedId))
    options.push({ id: storedId, name: `#${storedId}` });
  return options;
}
