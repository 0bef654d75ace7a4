/** One action's answer inside a batch (`FieldAction/batch`): as if it had been sent alone. */
export type BatchAnswer = { statusCode: number; body: unknown };

/** Most actions sent in one batch (the server's `FIELD_BATCH_MAX`). */
export const BATCH_MAX = 25;

/** A batch answer that is not a success, shaped like the HTTP client's error (classified alike). */
export const answerError = ({ statusCode, body }: BatchAnswer) => ({
  isAxiosError: true,
  response: { status: statusCode, data: body },
});
