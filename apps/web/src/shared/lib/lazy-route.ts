import { type ComponentType, createElement } from "react";
import { type LoaderFunction, redirect } from "react-router";
import { type Guard, resolveGuards } from "../guards/guards";
import { getSession } from "../session/session-store";
import { importWithReload } from "./import-with-reload";

export interface LazyRoute {
  loader: LoaderFunction;
  Component: ComponentType;
}

/**
 * A route whose code loads only once its guards let the user in (decision 0029): its loader
 * decides the redirect from the stored session first, then loads the component's chunk, which the
 * route renders from then on. React Router's `lazy` loads every matched route's chunk in parallel
 * with the loaders: a signed-out visit to `/` downloaded the dashboard before going to /login.
 */
export function lazyRoute<K extends string>(
  load: () => Promise<{ [P in K]: ComponentType }>,
  name: K,
  guards: readonly Guard[] = [],
): LazyRoute {
  let component: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const ensureLoaded = () => {
    loading ??= importWithReload(load).then(
      (module) => {
        component = module[name];
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  // biome-ignore lint/correctness/noComponentHookFactories: made once per route, when the route table is defined
  function LazyRouteComponent() {
    // The loader has loaded it before the route renders; suspend otherwise (never expected).
    if (!component) throw ensureLoaded();
    return createElement(component);
  }

  return {
    loader: async () => {
      const target = resolveGuards(getSession(), guards);
      if (target) throw redirect(target);
      await ensureLoaded();
      return null;
    },
    Component: LazyRouteComponent,
  };
}
