import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../app/session", () => ({ useSession: vi.fn() }));

import { companyEvent } from "@atendo/shared";
import { type SessionValue, useSession } from "../app/session";
import { sessionUser } from "../modules/users/testUtils";
import { SocketContext } from "../realtime/socket";
import { fakeSocket } from "../realtime/testing";
import { useCachedList, useListCache, useLiveList } from "./listing";

const listsKey = () => ["things", "list"] as const;
const listKey = ["things", "list", ""] as const;

/** A server whose answers the test hands out one fetch at a time; each fetch reads the rows as they are when it starts. */
function server(initial: string[]) {
  let rows = initial;
  const pending: { answer: () => void; signal: AbortSignal }[] = [];
  const fetchRows = vi.fn(({ signal }: { signal: AbortSignal }) => {
    const snapshot = rows;
    return new Promise<string[]>((resolve) => pending.push({ answer: () => resolve(snapshot), signal }));
  });
  return {
    fetchRows,
    pending,
    /** A change committed on the server (after any fetch already in flight read the rows). */
    commit: (next: string[]) => {
      rows = next;
    },
    /** Answers the oldest fetch still waiting. */
    answer: async () => {
      const next = pending.shift();
      if (!next) throw new Error("no fetch in flight");
      await act(async () => next.answer());
    },
  };
}

function setup<T>(initial: string[], useUpdater: () => T, socket = fakeSocket().socket) {
  const api = server(initial);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>
    </QueryClientProvider>
  );
  const hook = renderHook(
    () => ({ list: useQuery({ queryKey: listKey, queryFn: api.fetchRows }), updater: useUpdater() }),
    { wrapper },
  );
  return { api, client, hook };
}

/** Lets every settled promise and cache notification run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

const addRow = (row: string) => (data: string[]) => [...data, row];

describe("useListCache and useCachedList", () => {
  afterEach(cleanup);

  for (const [name, useUpdater] of [
    ["useListCache", () => useListCache<string[]>(listsKey)],
    ["useCachedList", () => useCachedList<string[]>(listKey).updateLists],
  ] as const) {
    it(`${name}: changes landing while the list is read again lead to exactly one more read after it settles`, async () => {
      const { api, client, hook } = setup(["a"], useUpdater);
      await api.answer();
      await waitFor(() => expect(hook.result.current.list.data).toEqual(["a"]));

      // A reload starts; two changes then commit and arrive while it is in flight.
      act(() => void client.invalidateQueries({ queryKey: listKey }));
      await waitFor(() => expect(api.pending).toHaveLength(1));
      const inFlight = api.pending[0]!;
      api.commit(["a", "b", "c"]);
      act(() => hook.result.current.updater(addRow("b")));
      act(() => hook.result.current.updater(addRow("c")));
      expect(client.getQueryData(listKey)).toEqual(["a", "b", "c"]);
      expect(inFlight.signal.aborted).toBe(false);

      // The reload answers with the rows from before the changes: one more read brings them back.
      await api.answer();
      await waitFor(() => expect(api.pending).toHaveLength(1));
      await api.answer();
      await waitFor(() => expect(hook.result.current.list.data).toEqual(["a", "b", "c"]));
      await settle();
      expect(api.fetchRows).toHaveBeenCalledTimes(3);
      expect(api.pending).toHaveLength(0);
    });

    it(`${name}: a change with no read in flight reads nothing again`, async () => {
      const { api, hook } = setup(["a"], useUpdater);
      await api.answer();
      await waitFor(() => expect(hook.result.current.list.data).toEqual(["a"]));

      act(() => hook.result.current.updater(addRow("b")));
      await settle();
      expect(hook.result.current.list.data).toEqual(["a", "b"]);
      expect(api.fetchRows).toHaveBeenCalledTimes(1);
    });
  }

  it("a change landing during the first load (no rows cached yet) is read after that load", async () => {
    const { api, hook } = setup(["a"], () => useListCache<string[]>(listsKey));
    await waitFor(() => expect(api.pending).toHaveLength(1));
    api.commit(["a", "b"]);
    act(() => hook.result.current.updater(addRow("b")));
    await api.answer();
    await waitFor(() => expect(api.pending).toHaveLength(1));
    await api.answer();
    await waitFor(() => expect(hook.result.current.list.data).toEqual(["a", "b"]));
    expect(api.fetchRows).toHaveBeenCalledTimes(2);
  });
});

describe("useLiveList", () => {
  beforeEach(() => {
    vi.mocked(useSession).mockReturnValue({ user: sessionUser("admin") } as SessionValue);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("reads its list again when the socket reconnects (events sent meanwhile are not replayed)", async () => {
    const fake = fakeSocket();
    const options = {
      channel: companyEvent.tag,
      read: () => "reload" as const,
      remove: (data: string[]) => data,
      replace: (data: string[]) => data,
    };
    const { api, hook } = setup(["a"], () => useLiveList(useCachedList<string[]>(listKey), options), fake.socket);
    await api.answer();
    await waitFor(() => expect(hook.result.current.list.data).toEqual(["a"]));

    api.commit(["a", "b"]);
    fake.reconnect();
    await waitFor(() => expect(api.pending).toHaveLength(1));
    await api.answer();
    await waitFor(() => expect(hook.result.current.list.data).toEqual(["a", "b"]));
    expect(api.fetchRows).toHaveBeenCalledTimes(2);
  });
});
