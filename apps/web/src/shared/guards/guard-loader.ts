import { redirect } from "react-router";
import { getSession } from "../session/session-store";
import { type Guard, resolveGuards } from "./guards";

/** A route loader that throws a redirect when one of the guards refuses entry. */
export function guardLoader(...guards: Guard[]) {
  return () => {
    const target = resolveGuards(getSession(), guards);
    if (target) throw redirect(target);
    return null;
  };
}
