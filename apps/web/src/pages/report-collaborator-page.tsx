import { CollaboratorReport } from "../features/reports/components/collaborator-report";

export function ReportCollaboratorPage() {
  return <CollaboratorReport />;
}
