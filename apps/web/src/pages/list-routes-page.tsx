import { SectionPlaceholder } from "../shared/components/section-placeholder";

export function ListRoutesPage() {
  return (
    <SectionPlaceholder
      title="Rutas en curso"
      description="Aquí podrá seguir en el mapa las rutas que están en curso. Estamos preparando esta sección."
    />
  );
}
