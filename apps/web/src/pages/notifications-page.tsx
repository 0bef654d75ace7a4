import { SectionPlaceholder } from "../shared/components/section-placeholder";

export function NotificationsPage() {
  return (
    <SectionPlaceholder
      title="Notificaciones"
      description="Aquí podrá consultar el historial de notificaciones por tipo y fecha. Estamos preparando esta sección."
    />
  );
}
