import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { UNSAFE_createMemoryHistory as createMemoryHistory, Link, Route, Routes } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { BlockingRouter } from "./BlockingRouter";
import { createBlockingHistory } from "./blockingHistory";
import { useNavigationBlocker } from "./useNavigationBlocker";

/** A page that holds every navigation away from itself while `dirty`, as the flow builder does. */
function Editor({ dirty }: { dirty: boolean }) {
  const leaving = useNavigationBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <>
      <h1>Editor</h1>
      <Link to="/tags">Tags</Link>
      {leaving.blocked ? (
        <div role="dialog">
          <button type="button" onClick={leaving.reset}>
            Stay
          </button>
          <button type="button" onClick={leaving.proceed}>
            Leave
          </button>
        </div>
      ) : null}
    </>
  );
}

/** Entries: /list, then /tags (forward of the editor after a back), the editor at /editor in between. */
function renderEditor(dirty: boolean) {
  const base = createMemoryHistory({ initialEntries: ["/list", "/editor", "/tags"], initialIndex: 1, v5Compat: true });
  const history = createBlockingHistory(base);
  render(
    <BlockingRouter history={history}>
      <Routes>
        <Route path="/editor" element={<Editor dirty={dirty} />} />
        <Route path="*" element={<h1>Elsewhere</h1>} />
      </Routes>
    </BlockingRouter>,
  );
  return { history, base };
}

const heading = () => screen.getByRole("heading").textContent;

describe("useNavigationBlocker", () => {
  afterEach(cleanup);

  it("holds a link while the page says so: staying keeps the page, leaving goes", () => {
    const { base } = renderEditor(true);
    fireEvent.click(screen.getByRole("link", { name: "Tags" }));
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(heading()).toBe("Editor");
    expect(base.location.pathname).toBe("/editor");

    fireEvent.click(screen.getByRole("button", { name: "Stay" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(heading()).toBe("Editor");

    fireEvent.click(screen.getByRole("link", { name: "Tags" }));
    fireEvent.click(screen.getByRole("button", { name: "Leave" }));
    expect(heading()).toBe("Elsewhere");
    expect(base.location.pathname).toBe("/tags");
  });

  it("holds back and forward, putting the history back where it was until the user leaves", () => {
    const { history, base } = renderEditor(true);
    act(() => history.go(-1));
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(heading()).toBe("Editor");
    expect(base.location.pathname).toBe("/editor");
    fireEvent.click(screen.getByRole("button", { name: "Stay" }));

    act(() => history.go(1));
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(base.location.pathname).toBe("/editor");
    fireEvent.click(screen.getByRole("button", { name: "Stay" }));

    act(() => history.go(-1));
    fireEvent.click(screen.getByRole("button", { name: "Leave" }));
    expect(heading()).toBe("Elsewhere");
    expect(base.location.pathname).toBe("/list");
    expect(base.index).toBe(0);
  });

  it("lets every navigation through while the page has nothing to lose", () => {
    const { history, base } = renderEditor(false);
    fireEvent.click(screen.getByRole("link", { name: "Tags" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(heading()).toBe("Elsewhere");
    act(() => history.go(-1));
    expect(heading()).toBe("Editor");
    act(() => history.go(-1));
    expect(base.location.pathname).toBe("/list");
  });
});
