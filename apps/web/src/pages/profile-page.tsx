import { getErrorMessage, hasAnyRole, hasRole } from "@treiber/client";
import { Button, Card, Flex, Result, Spin } from "antd";
import type { ReactNode } from "react";
import { useDriverProfile } from "../features/profile/api/get-driver-profile";
import { useEmployeeProfile } from "../features/profile/api/get-employee-profile";
import { DriverProfileView } from "../features/profile/components/driver-profile-view";
import { EmployeeProfileForm } from "../features/profile/components/employee-profile-form";
import { OpenFieldAppLink } from "../features/profile/components/open-field-app-link";
import { ProfileImageUpload } from "../features/profile/components/profile-image-upload";
import { SupplierProfileView } from "../features/profile/components/supplier-profile-view";
import { PageTitle } from "../shared/components/page-title";
import { isSupplierUser } from "../shared/session/portal-role";
import { useSession } from "../shared/session/use-session";

/**
 * Spec §6: SuperAdmin, Admin and Collaborator are employees; a supplier's user (issue 37) has their
 * own short profile; any other role is a driver.
 */
export function ProfilePage() {
  const session = useSession();
  const isEmployee = session ? hasAnyRole(session.roles, ["SuperAdmin", "Admin", "Collaborator"]) : false;
  const supplier = !isEmployee && isSupplierUser(session);
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <PageTitle size={3} style={{ margin: 0 }}>
          Perfil
        </PageTitle>
        {session && hasRole(session, "Driver") ? <OpenFieldAppLink /> : null}
      </Flex>
      <Card>
        <Flex gap={32} wrap align="flex-start">
          {session ? <ProfileImageUpload userId={session.userId} image={session.user.image} /> : null}
          <div style={{ flex: 1, minWidth: 280 }}>
            {isEmployee ? (
              <EmployeeProfile />
            ) : supplier && session ? (
              <SupplierProfileView session={session} />
            ) : (
              <DriverProfile />
            )}
          </div>
        </Flex>
      </Card>
    </Flex>
  );
}

function EmployeeProfile() {
  const profile = useEmployeeProfile();
  return (
    <Loaded query={profile}>{profile.data ? <EmployeeProfileForm profile={profile.data} /> : null}</Loaded>
  );
}

function DriverProfile() {
  const profile = useDriverProfile();
  return (
    <Loaded query={profile}>{profile.data ? <DriverProfileView profile={profile.data} /> : null}</Loaded>
  );
}

function Loaded(props: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  children: ReactNode;
}) {
  if (props.query.isPending) return <Spin />;
  if (props.query.isError) {
    return (
      <Result
        status="error"
        title="No se pudo cargar el perfil"
        subTitle={getErrorMessage(props.query.error)}
        extra={<Button onClick={() => props.query.refetch()}>Reintentar</Button>}
      />
    );
  }
  return <>{props.children}</>;
}
