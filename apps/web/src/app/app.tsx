import { RouterProvider } from "react-router/dom";
import { router } from "./router";

/**
 * The app's shell: the router only. Ant Design and TanStack Query come with the pages that use
 * them (AppProviders), so the first load of `/login` stays small (decision 0029).
 */
export function App() {
  return <RouterProvider router={router} />;
}
