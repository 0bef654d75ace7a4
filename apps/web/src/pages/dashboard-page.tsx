import { SectionPlaceholder } from "../shared/components/section-placeholder";

export function DashboardPage() {
  return (
    <SectionPlaceholder
      title="Dashboard"
      description="Aquí verá el resumen de los servicios de transporte, los colaboradores atendidos y los suplidores. Estamos preparando esta sección."
    />
  );
}
