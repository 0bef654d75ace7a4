import type { EmployeeListItem } from "@treiber/contract";
import { Form } from "antd";
import { useMemo } from "react";
import { FormModal } from "../../../shared/components/data-table";
import { LoginEmailField } from "../../../shared/forms/login-email-field";
import { useUpdateCollaborator } from "../api/update-collaborator";
import { EmployeeFields } from "./employee-fields";

interface CollaboratorEditValues {
  email: string;
  name: string;
  lastname: string;
  codeEmployee: string;
  department: string;
  jobTitle: string;
  telephone: string;
  branchOfficeId: number;
}

export interface CollaboratorEditModalProps {
  /** The collaborator to edit; null when closed. */
  collaborator: EmployeeListItem | null;
  onClose: () => void;
}

/**
 * Edit a collaborator's employee data and sign-in e-mail (PUT Employee: a new e-mail ends the
 * person's sessions and tells the old address); the role has its own screen.
 */
export function CollaboratorEditModal({ collaborator, onClose }: CollaboratorEditModalProps) {
  const [form] = Form.useForm<CollaboratorEditValues>();
  const update = useUpdateCollaborator();
  // Stable while the same collaborator is open: FormModal resets the form when this changes.
  const initialValues = useMemo<Partial<CollaboratorEditValues> | undefined>(
    () =>
      collaborator
        ? {
            email: collaborator.email,
            name: collaborator.name,
            lastname: collaborator.lastname,
            codeEmployee: collaborator.codeEmployee,
            department: collaborator.department ?? "",
            jobTitle: collaborator.jobTitle ?? "",
            telephone: collaborator.telephone ?? "",
            ...(collaborator.branchOfficeId !== null && { branchOfficeId: collaborator.branchOfficeId }),
          }
        : undefined,
    [collaborator],
  );

  return (
    <FormModal<CollaboratorEditValues>
      open={collaborator !== null}
      title="Editar colaborador"
      form={form}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={(values) => update.mutateAsync({ id: collaborator?.id ?? 0, ...values })}
    >
      <LoginEmailField editing />
      <EmployeeFields />
    </FormModal>
  );
}
