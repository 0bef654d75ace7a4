import type { App } from "antd";

type MessageInstance = ReturnType<typeof App.useApp>["message"];

/** antd's message API from the App context, registered by <FeedbackBridge/> for non-React code. */
let messageApi: MessageInstance | null = null;

export function registerMessageApi(api: MessageInstance | null): void {
  messageApi = api;
}

export function showErrorMessage(content: string, key?: string): void {
  if (messageApi) void messageApi.error({ content, key });
  else console.error(content);
}
