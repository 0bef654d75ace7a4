import type { UseMutationResult } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";

/**
 * One search of the planner at a time (Planificación's three modes): `propose` sends the request
 * (a new one aborts the one in flight) and hands the answer to `onAnswer` only if it is still the
 * latest; `cancel` aborts it (the server stops searching when the request closes); `abort` drops a
 * search in flight without forgetting the mutation's state. Leaving the page aborts it too.
 */
export function usePlannerSearch<TBody, TAnswer>(
  mutation: UseMutationResult<TAnswer, Error, { body: TBody; signal: AbortSignal }>,
  onAnswer: (answer: TAnswer) => void,
) {
  const controller = useRef<AbortController | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const latestOnAnswer = useRef(onAnswer);
  latestOnAnswer.current = onAnswer;

  const { mutate, reset } = mutation;
  const propose = useCallback(
    (body: TBody) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setStartedAt(Date.now());
      mutate(
        { body, signal: current.signal },
        {
          onSuccess: (answer) => {
            if (controller.current === current) latestOnAnswer.current(answer);
          },
          onSettled: () => {
            if (controller.current === current) controller.current = null;
          },
        },
      );
    },
    [mutate],
  );

  const abort = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
  }, []);

  const cancel = useCallback(() => {
    abort();
    reset();
  }, [abort, reset]);

  useEffect(() => () => controller.current?.abort(), []);

  return { propose, cancel, abort, reset, pending: mutation.isPending, error: mutation.error, startedAt };
}
