import { PrivacyPolicy } from "../features/legal/components/privacy-policy";

export function PrivacyPolicyPage() {
  return <PrivacyPolicy />;
}
