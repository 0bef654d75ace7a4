import type { PlanningRider } from "@treiber/contract";
import { Button, Card, Checkbox, Empty, Flex, Tabs, Typography } from "antd";
import { useMemo } from "react";
import { Link } from "react-router";
import { SectionTitle } from "../../../shared/components/section-title";
import { type RiderGroup, riderGroups } from "../lib/rider-groups";

export interface RidersPanelProps {
  riders: PlanningRider[];
  selected: ReadonlySet<number>;
  onChange: (selected: Set<number>) => void;
  disabled?: boolean;
}

const fullName = (rider: PlanningRider) => `${rider.name} ${rider.lastname}`;

function RiderLine({ rider, group }: { rider: PlanningRider; group: RiderGroup }) {
  const detail =
    group.key === "otherRoute"
      ? rider.otherRouteName
      : group.key === "withRoute"
        ? rider.routeName
        : group.key === "noLocation"
          ? rider.routeName && `En ${rider.routeName}: la deja al aplicar si no se ubica antes`
          : rider.address;
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <Typography.Text ellipsis>
        {fullName(rider)} <Typography.Text type="secondary">· {rider.codeEmployee}</Typography.Text>
      </Typography.Text>
      {detail ? (
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
          {detail}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function GroupList({ group, selected, onChange, disabled }: { group: RiderGroup } & RidersPanelProps) {
  if (group.riders.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nadie en este grupo" />;
  }
  const ids = group.riders.map((rider) => rider.employeeId);
  const setAll = (on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange(next);
  };
  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <Flex vertical gap={8}>
      {group.key === "noLocation" ? (
        <Typography.Text type="secondary">
          No se pueden planificar sin la ubicación de su casa: ubíquelos en Colaboradores.
        </Typography.Text>
      ) : null}
      {group.key === "otherRoute" ? (
        <Typography.Text type="secondary">
          Van en este turno a otro lugar de trabajo: quedan fuera de este plan.
        </Typography.Text>
      ) : null}
      {group.selectable ? (
        <Flex gap={8}>
          <Button size="small" onClick={() => setAll(true)} disabled={disabled}>
            Marcar todos
          </Button>
          <Button size="small" onClick={() => setAll(false)} disabled={disabled}>
            Desmarcar todos
          </Button>
        </Flex>
      ) : null}
      <ul
        aria-label={group.label}
        style={{ listStyle: "none", margin: 0, padding: 0, maxHeight: 260, overflowY: "auto" }}
      >
        {group.riders.map((rider) => (
          <li key={rider.employeeId} style={{ padding: "4px 0" }}>
            {group.selectable ? (
              <Checkbox
                checked={selected.has(rider.employeeId)}
                disabled={disabled}
                onChange={(event) => toggle(rider.employeeId, event.target.checked)}
                style={{ width: "100%" }}
              >
                <RiderLine rider={rider} group={group} />
              </Checkbox>
            ) : (
              <Flex justify="space-between" align="center" gap={8}>
                <RiderLine rider={rider} group={group} />
                {group.key === "noLocation" ? (
                  <Link
                    to={`/collaborator?criterion=${encodeURIComponent(rider.codeEmployee)}`}
                    aria-label={`Ubicar a ${fullName(rider)} en Colaboradores`}
                  >
                    Ubicar
                  </Link>
                ) : null}
              </Flex>
            )}
          </li>
        ))}
      </ul>
    </Flex>
  );
}

/**
 * «Colaboradores»: the riders of the branch office in four groups with their counts (on a route
 * of this shift and workplace, without route, without location, on another workplace's route), and
 * who is planned (checkboxes; default: those with route).
 */
export function RidersPanel(props: RidersPanelProps) {
  const groups = useMemo(() => riderGroups(props.riders), [props.riders]);
  const planned = groups
    .filter((group) => group.selectable)
    .reduce(
      (sum, group) => sum + group.riders.filter((rider) => props.selected.has(rider.employeeId)).length,
      0,
    );
  return (
    <Card
      size="small"
      title={<SectionTitle style={{ margin: 0 }}>Colaboradores</SectionTitle>}
      extra={<Typography.Text data-testid="planned-riders">{planned} a planificar</Typography.Text>}
    >
      <Tabs
        size="small"
        items={groups.map((group) => ({
          key: group.key,
          label: `${group.label} (${group.riders.length})`,
          children: <GroupList group={group} {...props} />,
        }))}
      />
    </Card>
  );
}
