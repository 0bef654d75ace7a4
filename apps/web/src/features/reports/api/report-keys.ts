/** TanStack Query keys of the reports and their filter options. */
export const REPORTS_KEY = ["reports"] as const;
export const REPORT_OPTIONS_KEY = ["reports", "options"] as const;
