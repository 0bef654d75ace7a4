import { SectionPlaceholder } from "../shared/components/section-placeholder";

export function ReportDestinationPage() {
  return (
    <SectionPlaceholder
      title="Reporte por destino"
      description="Aquí podrá consultar los servicios agrupados por destino. Estamos preparando esta sección."
    />
  );
}
