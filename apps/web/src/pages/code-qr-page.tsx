import { getErrorMessage } from "@treiber/client";
import { Button, Flex, Result, Spin, Typography } from "antd";
import { useEmployeeProfile } from "../features/profile/api/get-employee-profile";
import { OpenFieldAppLink } from "../features/profile/components/open-field-app-link";
import { QrCodeCard } from "../features/profile/components/qr-code-card";

export function CodeQrPage() {
  const profile = useEmployeeProfile();
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Código QR
        </Typography.Title>
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
