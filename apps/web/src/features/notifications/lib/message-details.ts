/** What `messageJson` holds (spec §3). */
export interface NotificationDetails {
  driver: string;
  employee: string;
  comment: string;
  routeName: string;
}

function field(record: Record<string, unknown>, key: string): string {
  const value = record[key];
  return typeof value === "string" ? value.trim() : "";
}

/** Reads messageJson; unreadable or missing JSON gives empty fields. */
export function parseMessageDetails(messageJson: string | null | undefined): NotificationDetails {
  let record: Record<string, unknown> = {};
  if (messageJson) {
    try {
      const parsed: unknown = JSON.parse(messageJson);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
        record = parsed as Record<string, unknown>;
      }
    } catch {
      // Not JSON: nothing to show.
    }
  }
  return {
    driver: `${field(record, "DriverName")} ${field(record, "DriverLastname")}`.trim(),
    employee: `${field(record, "EmployeeName")} ${field(record, "EmployeeLastname")}`.trim(),
    comment: field(record, "Comment"),
    routeName: field(record, "RouteName"),
  };
}
