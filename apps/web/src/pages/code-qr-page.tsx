import { getErrorMessage } from "@treiber/client";
import { Button, Flex, Result, Spin } from "antd";
import { useEmployeeProfile } from "../features/profile/api/get-employee-profile";
import { OpenFieldAppLink } from "../features/profile/components/open-field-app-link";
import { QrCodeCard } from "../features/profile/components/qr-code-card";
import { PageTitle } from "../shared/components/page-title";

export function CodeQrPage() {
  const profile = useEmployeeProfile();
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <PageTitle size={3} style={{ margin: 0 }}>
          Código QR
        </PageTitle>
        <OpenFieldAppLink />
      </Flex>
      {profile.isPending ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin size="large" />
        </Flex>
      ) : profile.isError ? (
        <Result
          status="error"
          title="No se pudo cargar su código QR"
          subTitle={getErrorMessage(profile.error)}
          extra={<Button onClick={() => profile.refetch()}>Reintentar</Button>}
        />
      ) : (
        <QrCodeCard
          value={profile.data.codeQr}
          name={`${profile.data.name} ${profile.data.lastname}`}
          codeEmployee={profile.data.codeEmployee}
        />
      )}
    </Flex>
  );
}
