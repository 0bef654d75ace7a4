import { SectionPlaceholder } from "../shared/components/section-placeholder";

export function ReportDriverPage() {
  return (
    <SectionPlaceholder
      title="Reporte Choferes"
      description="Aquí podrá consultar y exportar a Excel los servicios por chofer. Estamos preparando esta sección."
    />
  );
}
