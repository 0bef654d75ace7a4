import { App } from "antd";
import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";

export type LeaveQuestion = { title: string; content: string; leaveText: string };

/**
 * Asks before leaving a page with unsaved work: a link or the back button inside the app opens a
 * confirmation; closing the tab or reloading gets the browser's own warning. Only while `active`:
 * once the work is saved or discarded the page leaves freely.
 */
export function useLeaveGuard(active: boolean, question: LeaveQuestion) {
  const { modal } = App.useApp();
  const latest = useRef(question);
  latest.current = question;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  );

  const blocked = blocker.state === "blocked";
  const { proceed, reset } = blocker;
  useEffect(() => {
    if (!blocked) return;
    const { leaveText, ...text } = latest.current;
    modal.confirm({
      ...text,
      okText: leaveText,
      okButtonProps: { danger: true },
      cancelText: "Quedarse",
      onOk: () => proceed?.(),
      onCancel: () => reset?.(),
    });
  }, [blocked, proceed, reset, modal]);

  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [active]);
}
