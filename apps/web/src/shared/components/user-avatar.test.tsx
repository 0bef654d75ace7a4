import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render as renderRaw } from "@testing-library/react";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { UserAvatar } from "./user-avatar";

const render = (element: ReactElement) =>
  renderRaw(<QueryClientProvider client={new QueryClient()}>{element}</QueryClientProvider>);

describe("UserAvatar", () => {
  it("shows the uppercased first letter without an image", () => {
    const { container } = render(<UserAvatar name="ana" />);
    expect(container.textContent).toBe("A");
    expect(container.querySelector(".ant-avatar-circle")).not.toBeNull();
  });
  it("shows the image when there is one", () => {
    const { container } = render(<UserAvatar name="Ana" image="/img/ana.png" />);
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/img/ana.png");
    expect(container.textContent).toBe("");
  });
});
