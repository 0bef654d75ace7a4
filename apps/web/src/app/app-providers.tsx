import { QueryClientProvider } from "@tanstack/react-query";
import { App as AntApp, ConfigProvider } from "antd";
import esES from "antd/locale/es_ES";
import type { ReactNode } from "react";
import { Outlet } from "react-router";
import "../shared/format/dayjs-setup";
import { FeedbackBridge } from "../shared/feedback/feedback-bridge";
import { queryClient } from "./query-client";
import { theme } from "./theme";

/**
 * Ant Design (Spanish locale, theme, message API) and TanStack Query around the pages that use
 * them: the dashboard and the public forms. The sign-in page and the app's shell do without, so
 * `/login` loads neither (decision 0029).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={esES} theme={theme}>
      <AntApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

/** A pathless layout route giving its child pages the providers. */
export function ProvidersOutlet() {
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}
