import { useSession } from "../../shared/session";
import { Screen } from "../../shared/ui/screen";

/** Administrators work in the back office: Treiber App is for drivers and collaborators. */
export function BackOfficePage() {
  const session = useSession();
  return (
    <Screen title="Treiber App">
      <div className="state">
        <p className="state-title">
          {session ? `Hola, ${session.user.name}.` : null} Treiber App es para choferes y colaboradores.
        </p>
        <p className="muted">Su trabajo como administrador está en el back office.</p>
        <a className="button button-primary" href="/">
          Ir al back office
        </a>
      </div>
    </Screen>
  );
}
