import { cleanup, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SocketContext, useSocketReconnect } from "./socket";
import { fakeSocket } from "./testing";

describe("useSocketReconnect", () => {
  afterEach(cleanup);

  it("calls the latest callback on each reconnection of the socket's manager, until unmounted", () => {
    const fake = fakeSocket();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SocketContext.Provider value={fake.socket}>{children}</SocketContext.Provider>
    );
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = renderHook(({ callback }) => useSocketReconnect(callback), {
      wrapper,
      initialProps: { callback: first },
    });
    fake.reconnect();
    expect(first).toHaveBeenCalledTimes(1);

    // A new callback takes over without a second subscription.
    rerender({ callback: second });
    fake.reconnect();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(fake.reconnectListeners()).toBe(1);

    unmount();
    expect(fake.reconnectListeners()).toBe(0);
  });

  it("subscribes to nothing without a socket", () => {
    const callback = vi.fn();
    expect(() => renderHook(() => useSocketReconnect(callback))).not.toThrow();
  });
});
