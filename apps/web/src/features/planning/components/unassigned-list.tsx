import type { PlanningProposal } from "@treiber/contract";
import { Flex, Typography } from "antd";
import { SectionTitle } from "../../../shared/components/section-title";
import type { MoveOptionGroup } from "../lib/move-options";
import type { MovePreview } from "../lib/move-preview";
import { MoveSelect } from "./move-select";

export interface UnassignedListProps {
  riders: PlanningProposal["unassigned"];
  /** Whether a rider can be put on a route (they have a home on the map). */
  canPlace: (employeeId: number) => boolean;
  options: MoveOptionGroup[];
  onPlace: (employeeId: number, value: string) => void;
  /** What adding the rider to a route would do to it. */
  preview?: (employeeId: number, value: string) => MovePreview | null;
}

/** «Sin asignar»: who the plan leaves out and why (in Spanish), with «Agregar a…» when they have a home. */
export function UnassignedList({ riders, canPlace, options, onPlace, preview }: UnassignedListProps) {
  return (
    <section aria-labelledby="planning-unassigned">
      <SectionTitle level={3} style={{ marginTop: 0 }}>
        <span id="planning-unassigned">Sin asignar ({riders.length})</span>
      </SectionTitle>
      {riders.length === 0 ? (
        <Typography.Text type="secondary">Todos los colaboradores elegidos tienen ruta.</Typography.Text>
      ) : (
        <ul style={{ listStyle: "none", margin: 0, padding: 0, maxHeight: 220, overflowY: "auto" }}>
          {riders.map((rider) => {
            const name = `${rider.name} ${rider.lastname}`;
            return (
              <li key={rider.employeeId} style={{ padding: "4px 0" }}>
                <Flex align="center" justify="space-between" gap={8}>
                  <Flex vertical style={{ minWidth: 0 }}>
                    <Typography.Text ellipsis>{name}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {rider.reason}
                    </Typography.Text>
                  </Flex>
                  {canPlace(rider.employeeId) ? (
                    <MoveSelect
                      label={`Agregar a ${name} a…`}
                      placeholder="Agregar a…"
                      options={options}
                      onMove={(value) => onPlace(rider.employeeId, value)}
                      preview={preview && ((value) => preview(rider.employeeId, value))}
                      width={170}
                    />
                  ) : null}
                </Flex>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
