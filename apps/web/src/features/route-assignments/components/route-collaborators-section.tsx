import { getErrorMessage } from "@treiber/client";
import { App } from "antd";
import { useMemo, useState } from "react";
import { SectionTitle } from "../../../shared/components/section-title";
import { useDebouncedValue } from "../../../shared/hooks/use-debounced-value";
import { useCollaboratorCandidates } from "../../../shared/lookups/list-collaborator-candidates";
import { useAddEmployeeRoute } from "../api/add-employee-route";
import { useRouteAssignments } from "../api/list-route-assignments";
import { useRemoveEmployeeRoute } from "../api/remove-employee-route";
import { AssignPicker } from "./assign-picker";
import { AssignedList } from "./assigned-list";
import type { RouteSectionProps } from "./route-drivers-section";

export function RouteCollaboratorsSection({ routeId, routeName, canAssign }: RouteSectionProps) {
  const { message } = App.useApp();
  const [search, setSearch] = useState("");
  const criterion = useDebouncedValue(search.trim());
  const assignments = useRouteAssignments(routeId);
  const candidates = useCollaboratorCandidates(criterion, canAssign);
  const add = useAddEmployeeRoute();
  const remove = useRemoveEmployeeRoute();

  const assigned = assignments.data?.employees;
  const options = useMemo(() => {
    const taken = new Set((assigned ?? []).map((employee) => employee.id));
    return (candidates.data ?? [])
      .filter((employee) => !taken.has(employee.id))
      .map((employee) => ({
        value: employee.id,
        label: `${employee.name} ${employee.lastname} (${employee.codeEmployee})`,
      }));
  }, [assigned, candidates.data]);

  return (
    <section aria-label="Colaboradores asignados">
      <SectionTitle>Colaboradores</SectionTitle>
      <AssignPicker
        placeholder="Buscar colaborador"
        options={options}
        loading={candidates.isFetching}
        loadError={candidates.isError}
        disabled={!canAssign}
        onSearch={setSearch}
        adding={add.isPending}
        onAdd={(employeeId) =>
          add.mutateAsync(
            { employeeId, routeId },
            {
              onSuccess: () => void message.success("Colaborador asignado a la ruta"),
              onError: (error) => void message.error(getErrorMessage(error)),
            },
          )
        }
      />
      <div style={{ marginTop: 8 }}>
        <AssignedList
          label="Lista de colaboradores asignados"
          items={assigned?.map((employee) => ({
            id: employee.id,
            title: `${employee.name} ${employee.lastname}`.trim(),
            description: `Código ${employee.codeEmployee}`,
            status: employee.status,
          }))}
          loading={assignments.isLoading}
          error={assignments.error}
          emptyText="No hay colaboradores asignados"
          removeQuestion={(item) => `¿Quitar a "${item.title}" de la ruta ${routeName}?`}
          removingId={remove.isPending ? (remove.variables?.employeeId ?? null) : null}
          onRemove={(item) =>
            remove.mutate(
              { employeeId: item.id, routeId },
              {
                onSuccess: () => void message.success("Colaborador removido de la ruta"),
                onError: (error) => void message.error(getErrorMessage(error)),
              },
            )
          }
        />
      </div>
    </section>
  );
}
