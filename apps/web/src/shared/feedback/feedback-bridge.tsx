import { App } from "antd";
import { useEffect } from "react";
import { registerMessageApi } from "./feedback";

export function FeedbackBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    registerMessageApi(message);
    return () => registerMessageApi(null);
  }, [message]);
  return null;
}
