/** A problem the planner refuses, with an English and a Spanish message. */
export class PlannerInputError extends Error {
  readonly spanish: string;

  constructor(english: string, spanish: string) {
    super(`${english} / ${spanish}`);
    this.name = "PlannerInputError";
    this.spanish = spanish;
  }
}
