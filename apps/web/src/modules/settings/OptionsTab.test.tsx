import type { Setting } from "@atendo/shared";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const { apiMock } = vi.hoisted(() => ({
  apiMock: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

vi.mock("../../api/client", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../api/client")>();
  return { ...original, api: apiMock, toastError: vi.fn() };
});
// No campaign intervals: the plan has no campaigns.
vi.mock("../../app/usePlan", () => ({ usePlan: () => ({ data: { useCampaigns: false } }) }));

import i18n from "../../i18n";
import { OptionsTab } from "./OptionsTab";
import { settingsKeys } from "./queries";

const MASK = "••••9f3a";

/** The tab fed from the settings query's cache, as the settings page feeds it. */
function CachedTab({ initial }: { initial: Setting[] }) {
  const { data } = useQuery({
    queryKey: settingsKeys.settings,
    queryFn: async () => initial,
    initialData: initial,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return <OptionsTab settings={data} loading={false} isSuper />;
}

function renderTab(settings: Setting[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CachedTab initial={settings} />
    </QueryClientProvider>,
  );
  return screen.getByLabelText(i18n.t("settings.options.fields.asaas")) as HTMLInputElement;
}

describe("the payment token field", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("en");
    apiMock.put.mockImplementation(async (_path: string, options: { body: { key: string; value: string } }) => ({
      key: "asaas",
      value: options.body.value ? `••••${options.body.value.slice(-4)}` : "",
    }));
  });
  afterEach(cleanup);

  it("shows the stored token's mask and sends nothing when it is left as it is", () => {
    const field = renderTab([{ key: "asaas", value: MASK }]);
    expect(field.value).toBe(MASK);
    fireEvent.focus(field);
    // Selected whole: what is typed replaces the mask instead of joining it.
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, MASK.length]);
    fireEvent.blur(field);
    expect(apiMock.put).not.toHaveBeenCalled();
  });

  it("saves a new token on blur and then shows the mask the server answers", async () => {
    const field = renderTab([{ key: "asaas", value: MASK }]);
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: "$aact_new_token_1234" } });
    fireEvent.blur(field);
    await waitFor(() =>
      expect(apiMock.put).toHaveBeenCalledWith("/settings/{key}", {
        params: { key: "asaas" },
        body: { key: "asaas", value: "$aact_new_token_1234" },
      }),
    );
    await waitFor(() => expect(field.value).toBe("••••1234"));
  });

  it("removes the token when the field is cleared", async () => {
    const field = renderTab([{ key: "asaas", value: MASK }]);
    fireEvent.change(field, { target: { value: "" } });
    fireEvent.blur(field);
    await waitFor(() =>
      expect(apiMock.put).toHaveBeenCalledWith("/settings/{key}", {
        params: { key: "asaas" },
        body: { key: "asaas", value: "" },
      }),
    );
  });
});
