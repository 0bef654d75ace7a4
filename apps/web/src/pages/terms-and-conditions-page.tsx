import { TermsAndConditions } from "../features/legal/components/terms-and-conditions";

export function TermsAndConditionsPage() {
  return <TermsAndConditions />;
}
