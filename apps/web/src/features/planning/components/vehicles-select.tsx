import type { PlanningDriver } from "@treiber/contract";
import { Alert, Card, Flex, Select, Tag, Typography } from "antd";
import { SectionTitle } from "../../../shared/components/section-title";

export interface VehiclesSelectProps {
  drivers: PlanningDriver[];
  selected: number[];
  onChange: (driverIds: number[]) => void;
  /** Riders to plan, to compare with the seats chosen. */
  riders: number;
  disabled?: boolean;
}

export const canCarry = (driver: PlanningDriver) => (driver.seats ?? 0) > 0;

export function driverLabel(driver: PlanningDriver): string {
  const vehicle = driver.vehiclePlate ?? "sin vehículo";
  const seats = canCarry(driver) ? `${driver.seats} asientos` : "sin asientos";
  return `${driver.name} ${driver.lastname} · ${vehicle} · ${seats} · ${driver.supplierName}`;
}

/** «Vehículos»: the drivers (one vehicle each) the planner may use, with seats and supplier. */
export function VehiclesSelect({ drivers, selected, onChange, riders, disabled }: VehiclesSelectProps) {
  const chosen = drivers.filter((driver) => selected.includes(driver.driverId));
  const seats = chosen.reduce((sum, driver) => sum + (driver.seats ?? 0), 0);
  return (
    <Card size="small" title={<SectionTitle style={{ margin: 0 }}>Vehículos</SectionTitle>}>
      <Flex vertical gap={8}>
        <label htmlFor="planning-drivers">
          <Typography.Text type="secondary">
            Choferes y vehículos que puede usar el planificador
          </Typography.Text>
        </label>
        <Select
          id="planning-drivers"
          mode="multiple"
          aria-label="Choferes y vehículos"
          placeholder="Elija los vehículos"
          value={selected}
          onChange={onChange}
          disabled={disabled}
          optionFilterProp="label"
          maxTagCount="responsive"
          maxTagPlaceholder={(omitted) => `+${omitted.length} más`}
          tagRender={({ value, label, closable, onClose, isMaxTag }) => {
            // The «+N» tag of the hidden choices has no value: it shows its own label (it read «undefined»).
            const driver = isMaxTag ? undefined : drivers.find((item) => item.driverId === value);
            return (
              <Tag closable={closable && !isMaxTag} onClose={onClose} style={{ marginInlineEnd: 4 }}>
                {driver ? `${driver.name} ${driver.lastname} (${driver.seats ?? 0})` : label}
              </Tag>
            );
          }}
          style={{ width: "100%" }}
          options={drivers.map((driver) => ({
            value: driver.driverId,
            label: driver.routeId !== null ? `${driverLabel(driver)} (en ruta)` : driverLabel(driver),
            disabled: !canCarry(driver),
          }))}
        />
        <Typography.Text data-testid="chosen-seats">
          {chosen.length} {chosen.length === 1 ? "vehículo" : "vehículos"}, {seats} asientos para {riders}{" "}
          {riders === 1 ? "colaborador" : "colaboradores"}
        </Typography.Text>
        {chosen.length > 0 && seats < riders ? (
          <Alert
            type="warning"
            showIcon
            title={`Los asientos elegidos (${seats}) no alcanzan para ${riders} colaboradores: algunos quedarán sin asignar.`}
          />
        ) : null}
      </Flex>
    </Card>
  );
}
