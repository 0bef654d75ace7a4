import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { useSession } from "../session";
import { signOut } from "../sign-out";

/** A full-height screen: green top bar with the title and "Salir", scrolling content, optional tab bar. */
export function Screen(props: { title: string; children: ReactNode; tabs?: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const leave = async () => {
    await signOut();
    navigate("/login", { replace: true });
  };
  return (
    <div className="screen">
      <header className="top-bar">
        <h1>{props.title}</h1>
        {session ? (
          <button type="button" className="top-bar-action" onClick={leave}>
            Salir
          </button>
        ) : null}
      </header>
      <main className="content">{props.children}</main>
      {props.tabs}
    </div>
  );
}
