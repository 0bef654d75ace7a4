import { MAX_COMPANY_SHIFTS, type ShiftListItem } from "@treiber/contract";
import { Button, Checkbox, Flex, Switch, Typography } from "antd";
import { useState } from "react";
import { ErrorAlert } from "../../../shared/components/error-alert";
import { useCompanyPlanProposal } from "../hooks/use-company-plan-proposal";
import { CompanyPlanResult } from "./company-plan-result";
import { ProposeProgress } from "./propose-progress";

/** Search time asked for all the shifts together (the server splits it by riders). */
export const COMPANY_SECONDS = 30;

export interface CompanyPlanWorkspaceProps {
  branchOfficeId: number;
  shifts: ShiftListItem[];
}

/**
 * «Toda la sucursal» (issue 36): the shifts to include, «Equilibrar jornadas», «Proponer toda la
 * sucursal» with progress and «Cancelar», then the answer, read-only (nothing is applied here).
 */
export function CompanyPlanWorkspace({ branchOfficeId, shifts }: CompanyPlanWorkspaceProps) {
  const [shiftIds, setShiftIds] = useState(() =>
    shifts.slice(0, MAX_COMPANY_SHIFTS).map((shift) => shift.id),
  );
  const [balance, setBalance] = useState(false);
  const proposal = useCompanyPlanProposal();
  const tooMany = shiftIds.length > MAX_COMPANY_SHIFTS;
  return (
    <Flex vertical gap={16}>
      <Checkbox.Group
        aria-label="Turnos a incluir"
        value={shiftIds}
        onChange={(ids) => setShiftIds(ids as number[])}
        options={shifts.map((shift) => ({ value: shift.id, label: `${shift.name} (${shift.time})` }))}
      />
      {tooMany ? (
        <Typography.Text type="danger">Seleccione hasta {MAX_COMPANY_SHIFTS} turnos</Typography.Text>
      ) : null}
      <Flex gap={16} align="center" wrap>
        <Flex gap={8} align="center">
          <Switch checked={balance} onChange={setBalance} aria-label="Equilibrar jornadas" />
          <Typography.Text>Equilibrar jornadas</Typography.Text>
        </Flex>
        <Button
          type="primary"
          disabled={shiftIds.length === 0 || tooMany || proposal.pending}
          onClick={() => proposal.propose({ branchOfficeId, shiftIds, balance, seconds: COMPANY_SECONDS })}
        >
          Proponer toda la sucursal
        </Button>
      </Flex>
      {proposal.pending && proposal.startedAt !== null ? (
        <ProposeProgress
          startedAt={proposal.startedAt}
          expectedSeconds={COMPANY_SECONDS}
          onCancel={proposal.cancel}
        />
      ) : null}
      {proposal.error ? <ErrorAlert error={proposal.error} /> : null}
      {proposal.plan && !proposal.pending ? <CompanyPlanResult plan={proposal.plan} /> : null}
    </Flex>
  );
}
