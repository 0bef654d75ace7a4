import { SectionPlaceholder } from "../shared/components/section-placeholder";

export function HistoryRoutesPage() {
  return (
    <SectionPlaceholder
      title="Historial de rutas"
      description="Aquí podrá consultar el historial de rutas por chofer, ruta y fecha. Estamos preparando esta sección."
    />
  );
}
