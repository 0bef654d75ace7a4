import { Flex, Layout } from "antd";
import { Link, Outlet } from "react-router";
import { Logo } from "../shared/components/logo";

/** Plain layout for public pages: centered logo above the page's card. */
export function DefaultLayout() {
  return (
    <Layout style={{ minHeight: "100vh", background: "#f3f6f3" }}>
      <Layout.Content>
        <Flex vertical align="center" gap={24} style={{ padding: "48px 16px" }}>
          <Logo size={56} />
          <Outlet />
          <Flex gap={16} style={{ fontSize: 12 }}>
            <Link to="/privacy-policy">Política de privacidad</Link>
            <Link to="/terms-and-conditions">Términos y condiciones</Link>
          </Flex>
        </Flex>
      </Layout.Content>
    </Layout>
  );
}
