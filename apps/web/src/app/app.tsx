import { QueryClientProvider } from "@tanstack/react-query";
import { App as AntApp, ConfigProvider } from "antd";
import esES from "antd/locale/es_ES";
import { RouterProvider } from "react-router/dom";
import { FeedbackBridge } from "../shared/feedback/feedback-bridge";
import { queryClient } from "./query-client";
import { router } from "./router";
import { theme } from "./theme";

export function App() {
  return (
    <ConfigProvider locale={esES} theme={theme}>
      <AntApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
