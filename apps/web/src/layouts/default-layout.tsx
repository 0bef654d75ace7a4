import { Link, Outlet } from "react-router";
import { Logo } from "../shared/components/logo";

/**
 * Plain layout for public pages: centered logo above the page's card. No Ant Design (it is in the
 * first chunk with the sign-in page; decision 0029).
 */
export function DefaultLayout() {
  return (
    <main className="plain-public-layout">
      <Logo size={56} />
      <Outlet />
      <nav className="plain-public-links" aria-label="Documentos legales">
        <Link to="/privacy-policy">Política de privacidad</Link>
        <Link to="/terms-and-conditions">Términos y condiciones</Link>
      </nav>
    </main>
  );
}
