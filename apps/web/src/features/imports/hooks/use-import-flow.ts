import { useQueryClient } from "@tanstack/react-query";
import { getErrorMessage } from "@treiber/client";
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES, type ImportReport } from "@treiber/contract";
import { useMemo, useRef, useState } from "react";
import { HELD_INVITATIONS_KEY } from "../api/held-invitations";
import { refusedImport, runImport } from "../api/run-import";
import type { ImportKindConfig } from "../lib/import-kinds";
import { type InvitationsChoice, invitationsOnOf } from "../lib/invitation-wording";
import { lowConfidenceRows, previewRows, skipGeocodeRows } from "../lib/preview-rows";

/** The dialog's steps: choose the file (and its dry run), the preview, the result. */
export type ImportStep = "file" | "preview" | "done";

interface ImportFlowState {
  step: ImportStep;
  /** The chosen file: the dry run, the error file and the commit all send it. */
  file: File | null;
  /** The dry run's report (or the refused commit's). */
  report: ImportReport | null;
  /** The commit's report. */
  result: ImportReport | null;
  /** Geocoded rows whose point the admin did not accept. */
  refused: ReadonlySet<number>;
  /** Send the new accounts' invitations at once, or hold them until a date (issue 33). */
  invitations: InvitationsChoice;
  /** A file-level problem (400/413/415), a refused or failed commit: the server's Spanish message. */
  error: string | null;
  busy: "checking" | "committing" | null;
}

const INITIAL: ImportFlowState = {
  step: "file",
  file: null,
  report: null,
  result: null,
  refused: new Set(),
  invitations: { hold: false, on: null },
  error: null,
  busy: null,
};

/**
 * The import of a sheet: the chosen file is checked at once by a dry run (nothing written), its
 * preview lets the admin refuse geocoded points, the commit writes everything or nothing.
 */
export function useImportFlow(config: ImportKindConfig) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ImportFlowState>(INITIAL);
  // Only the last file chosen answers: an earlier dry run still under way is ignored.
  const attempt = useRef(0);
  const rows = useMemo(() => (state.report ? previewRows(state.report) : []), [state.report]);

  async function check(file: File) {
    const id = ++attempt.current;
    if (file.size > IMPORT_MAX_BYTES) {
      setState({ ...INITIAL, error: IMPORT_MESSAGES.tooLarge });
      return;
    }
    setState({ ...INITIAL, file, busy: "checking" });
    try {
      const report = await runImport({ endpoint: config.import, file, dryRun: true });
      if (id !== attempt.current) return;
      const refused = lowConfidenceRows(previewRows(report));
      setState({ ...INITIAL, step: "preview", file, report, refused });
    } catch (failure) {
      if (id === attempt.current) setState({ ...INITIAL, error: getErrorMessage(failure) });
    }
  }

  async function commit() {
    const { file, refused, invitations } = state;
    if (!file) return;
    const id = ++attempt.current;
    setState((previous) => ({ ...previous, busy: "committing", error: null }));
    try {
      const result = await runImport({
        endpoint: config.import,
        file,
        dryRun: false,
        skipRows: skipGeocodeRows(rows, refused),
        invitationsOn: invitationsOnOf(invitations),
      });
      for (const queryKey of [...config.queryKeys, HELD_INVITATIONS_KEY])
        void queryClient.invalidateQueries({ queryKey });
      if (id === attempt.current) setState({ ...INITIAL, step: "done", file, result, refused, invitations });
    } catch (failure) {
      if (id !== attempt.current) return;
      const refusal = refusedImport(failure);
      setState((previous) => ({
        ...previous,
        busy: null,
        // Rows that became invalid since the dry run (e.g. an e-mail taken meanwhile): their report.
        report: refusal?.report ?? previous.report,
        error: refusal?.message ?? getErrorMessage(failure),
      }));
    }
  }

  return {
    ...state,
    rows,
    check,
    commit,
    /** Back to choosing a file (another one, or the same one fixed). */
    restart: () => {
      attempt.current += 1;
      setState(INITIAL);
    },
    /** Accepts or refuses a geocoded row's point. */
    acceptLocation: (row: number, accepted: boolean) =>
      setState((previous) => {
        const refused = new Set(previous.refused);
        if (accepted) refused.delete(row);
        else refused.add(row);
        return { ...previous, refused };
      }),
    /** Sends the invitations at once or holds them until a date. */
    chooseInvitations: (invitations: InvitationsChoice) =>
      setState((previous) => ({ ...previous, invitations, error: null })),
    dismissError: () => setState((previous) => ({ ...previous, error: null })),
  };
}

export type ImportFlow = ReturnType<typeof useImportFlow>;
