/** The number to dial when the branch office has none on file. */
export const FALLBACK_EMERGENCY_PHONE = "911";

/** `tel:` target of a number as written ("(809) 555-0911" → "8095550911"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** «Llamar a <phone>»: the branch office's emergency number (kept on the phone), else 911. */
export function EmergencyCall(props: { phone: string | null }) {
  const phone = props.phone?.trim() || FALLBACK_EMERGENCY_PHONE;
  return (
    <a className="button sos-call" href={telHref(phone)} data-testid="sos-call">
      Llamar a {phone}
    </a>
  );
}
