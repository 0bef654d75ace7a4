/** What screen readers hear of a live incident (polite, visually hidden). */
export function IncidentsAnnouncement({ text }: { text: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="plain-visually-hidden"
      data-testid="incidents-announcement"
    >
      {text}
    </div>
  );
}
