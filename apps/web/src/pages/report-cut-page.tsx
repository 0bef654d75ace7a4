import { SectionPlaceholder } from "../shared/components/section-placeholder";

export function ReportCutPage() {
  return (
    <SectionPlaceholder
      title="Reporte Corte"
      description="Aquí podrá generar los cortes por período y exportar el general y el detalle. Estamos preparando esta sección."
    />
  );
}
