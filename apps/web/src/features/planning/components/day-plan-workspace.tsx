import type { PlanningContext } from "@treiber/contract";
import { App, DatePicker, Flex, Skeleton, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { ErrorAlert } from "../../../shared/components/error-alert";
import { dayjs, SERVICE_DATE_FORMAT, toServiceDate } from "../../../shared/format";
import { DATE_PICKER_FORMAT } from "../../../shared/forms/time-of-day";
import { useDayPlan } from "../api/get-day-plan";
import { useDayPlanProposal } from "../hooks/use-day-plan-proposal";
import { expectedSeconds } from "../lib/expected-seconds";
import { DayPlanApplied } from "./day-plan-applied";
import { DayPlanSection } from "./day-plan-section";
import { ProposeBar } from "./propose-bar";

export interface DayPlanWorkspaceProps {
  context: PlanningContext;
}

const tomorrow = () => toServiceDate(dayjs().add(1, "day"));

/**
 * «Plan del día» (issue 36): a date (tomorrow by default, never a past one), the day plan already
 * applied for it, «Proponer plan del día» with its progress and «Cancelar», and the proposal.
 */
export function DayPlanWorkspace({ context }: DayPlanWorkspaceProps) {
  const { message } = App.useApp();
  const [date, setDate] = useState(tomorrow);
  const target = { shiftId: context.shift.id, destinationId: context.destinationId };
  const applied = useDayPlan({ ...target, date });
  const proposal = useDayPlanProposal();
  const propose = () => proposal.propose({ ...target, date });
  const riders = new Map(
    context.riders.map((rider) => [rider.employeeId, `${rider.name} ${rider.lastname}`]),
  );
  const workplace = context.destinations.find((item) => item.id === context.destinationId);

  const changeDate = (value: Dayjs | null) => {
    if (!value) return;
    proposal.discard();
    setDate(toServiceDate(value));
  };

  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={12} wrap>
        <Typography.Text>Fecha</Typography.Text>
        <DatePicker
          aria-label="Fecha del plan del día"
          format={DATE_PICKER_FORMAT}
          allowClear={false}
          disabled={proposal.pending}
          value={dayjs(date, SERVICE_DATE_FORMAT)}
          disabledDate={(day) => day.isBefore(dayjs(), "day")}
          onChange={changeDate}
        />
        <Typography.Text type="secondary">
          Solo cambia esa fecha: las rutas fijas siguen igual los demás días.
        </Typography.Text>
      </Flex>
      {applied.isError ? <ErrorAlert error={applied.error} onRetry={() => applied.refetch()} /> : null}
      {applied.isPending ? <Skeleton active title={false} paragraph={{ rows: 1 }} /> : null}
      {applied.data?.dayPlan ? (
        <DayPlanApplied {...target} date={date} dayPlan={applied.data.dayPlan} />
      ) : null}
      <ProposeBar
        label="Proponer plan del día"
        startedAt={proposal.startedAt}
        pending={proposal.pending}
        expectedSeconds={expectedSeconds(context.riders.length)}
        problem={null}
        error={proposal.error}
        onPropose={propose}
        onCancel={() => {
          proposal.cancel();
          message.info("Propuesta cancelada");
        }}
      />
      {proposal.proposal ? (
        <DayPlanSection
          key={`${proposal.proposal.date}-${proposal.proposal.version}`}
          {...target}
          proposal={proposal.proposal}
          workplaceName={workplace?.name ?? "Lugar de trabajo"}
          riderName={(employeeId) => riders.get(employeeId) ?? `Colaborador ${employeeId}`}
          onDiscard={proposal.discard}
          onApplied={proposal.discard}
          onRepropose={propose}
        />
      ) : null}
    </Flex>
  );
}
