import { SectionPlaceholder } from "../shared/components/section-placeholder";

export function ReportCollaboratorPage() {
  return (
    <SectionPlaceholder
      title="Reporte Colaboradores"
      description="Aquí podrá consultar y exportar a Excel el uso del transporte por colaborador. Estamos preparando esta sección."
    />
  );
}
