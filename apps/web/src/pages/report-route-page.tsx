import { SectionPlaceholder } from "../shared/components/section-placeholder";

export function ReportRoutePage() {
  return (
    <SectionPlaceholder
      title="Reporte Rutas"
      description="Aquí podrá consultar y exportar a Excel el costo de las rutas. Estamos preparando esta sección."
    />
  );
}
