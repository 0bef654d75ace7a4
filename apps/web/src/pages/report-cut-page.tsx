import { CutReport } from "../features/cuts/components/cut-report";

export function ReportCutPage() {
  return <CutReport />;
}
