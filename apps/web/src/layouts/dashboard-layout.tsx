import { Drawer, Layout } from "antd";
import { useState } from "react";
import { Navigate, Outlet } from "react-router";
import { AppProviders } from "../app/app-providers";
import { Sidebar } from "../features/navigation/components/sidebar";
import { BRAND, SIDEBAR_WIDTH } from "../shared/constants";
import { useIsMobile } from "../shared/hooks/use-is-mobile";
import { useSession } from "../shared/session/use-session";
import { TopBar } from "./top-bar";

/** The signed-in pages: Ant Design and TanStack Query around the dashboard frame. */
export function DashboardLayout() {
  return (
    <AppProviders>
      <DashboardFrame />
    </AppProviders>
  );
}

/** Side bar (290px, a burger drawer below 430px), top bar, main area and footer (spec §2). */
function DashboardFrame() {
  const session = useSession();
  const isMobile = useIsMobile();
  const [menuOpen, setMenuOpen] = useState(false);

  if (!session) return <Navigate to="/login" replace />;

  return (
    <Layout style={{ minHeight: "100vh" }}>
      {isMobile ? (
        <Drawer
          open={menuOpen}
          placement="left"
          size={SIDEBAR_WIDTH}
          closable={false}
          onClose={() => setMenuOpen(false)}
          styles={{ body: { padding: 0 } }}
        >
          <Sidebar roles={session.roles} onNavigate={() => setMenuOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          width={SIDEBAR_WIDTH}
          theme="light"
          style={{ position: "sticky", top: 0, height: "100vh", borderInlineEnd: "1px solid #f0f0f0" }}
        >
          <Sidebar roles={session.roles} />
        </Layout.Sider>
      )}
      <Layout>
        <TopBar session={session} isMobile={isMobile} onOpenMenu={() => setMenuOpen(true)} />
        <Layout.Content style={{ padding: isMobile ? 12 : 24 }}>
          <Outlet />
        </Layout.Content>
        <Layout.Footer style={{ textAlign: "center" }} data-testid="footer">
          {`Todos los derechos reservados ${BRAND} ${new Date().getFullYear()}`}
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
