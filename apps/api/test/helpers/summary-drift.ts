import { sql } from "drizzle-orm";
import type { Db } from "../../src/db/client.js";

/**
 * Each summary table kept by triggers next to the same sums recomputed from its source: the rows
 * only one side has, per table (0 everywhere when the triggers kept up). One statement, so one
 * snapshot: a test may call it while other transactions run.
 */
const SUMMARIES = {
  trip_month_totals: {
    columns:
      "month, route_id, route_not_scheduled_id, route_name, supplier_id, driver_id, trips, riders, cost_cents, charged_cents",
    recomputed: sql`
    select date_trunc('month', t.ended_at at time zone 'UTC')::date as month, coalesce(t.route_id, 0) as route_id,
      coalesce(t.route_not_scheduled_id, 0) as route_not_scheduled_id, coalesce(t.route_name, '') as route_name,
      t.supplier_id, t.driver_id, count(*)::int as trips, coalesce(sum(r.riders), 0)::int as riders,
      sum(round(t.cost * 100))::bigint as cost_cents,
      coalesce(sum(round(t.cost * 100)) filter (where r.riders > 0), 0)::bigint as charged_cents
    from intermediate_routes t left join trip_riders r on r.intermediate_route_id = t.id
    where t.status = 'Finished' and t.ended_at is not null
    group by 1, 2, 3, 4, 5, 6`,
  },
  employee_month_totals: {
    columns: "month, employee_id, branch_office_id, trips, canceled, cost_cents",
    recomputed: sql`
    select date_trunc('month', ended_at at time zone 'UTC')::date as month, employee_id,
      coalesce(branch_office_id, 0) as branch_office_id, (count(*) filter (where boarded))::int as trips,
      (count(*) filter (where not boarded))::int as canceled, sum(share_cents)::bigint as cost_cents
    from service_shares group by 1, 2, 3`,
  },
  employee_day_totals: {
    columns: "day, employee_id, branch_office_id, trips, canceled, cost_cents",
    recomputed: sql`
    select (ended_at at time zone 'UTC')::date as day, employee_id, coalesce(branch_office_id, 0) as branch_office_id,
      (count(*) filter (where boarded))::int as trips, (count(*) filter (where not boarded))::int as canceled,
      sum(share_cents)::bigint as cost_cents
    from service_shares group by 1, 2, 3`,
  },
  trip_quarter_totals: {
    columns: "quarter, supplier_id, scheduled, not_scheduled, cost_cents",
    recomputed: sql`
    select to_timestamp(floor(extract(epoch from ended_at) / 900) * 900) as quarter, supplier_id,
      (count(*) filter (where route_id is not null))::int as scheduled,
      (count(*) filter (where route_id is null))::int as not_scheduled, sum(round(cost * 100))::bigint as cost_cents
    from intermediate_routes where status = 'Finished' and ended_at is not null group by 1, 2`,
  },
  service_quarter_totals: {
    columns: "quarter, boarded, canceled",
    recomputed: sql`
    select to_timestamp(floor(extract(epoch from ended_at) / 900) * 900) as quarter,
      (count(*) filter (where boarded))::int as boarded, (count(*) filter (where not boarded))::int as canceled
    from service_shares group by 1`,
  },
};

export type SummaryDrift = Record<keyof typeof SUMMARIES, number>;

export async function summaryDrift(db: Db): Promise<SummaryDrift> {
  const drift = Object.entries(SUMMARIES).map(([table, { columns, recomputed }]) => {
    const kept = sql.raw(`select ${columns} from ${table}`);
    return sql`(select count(*) from (
        (${kept} except all select * from (${recomputed}) a)
        union all
        (select * from (${recomputed}) b except all ${kept})
      ) d)::int as ${sql.identifier(table)}`;
  });
  const result = (await db.execute(sql`select ${sql.join(drift, sql`, `)}`)) as unknown as {
    rows: SummaryDrift[];
  };
  return result.rows[0] as SummaryDrift;
}

export const NO_DRIFT: SummaryDrift = {
  trip_month_totals: 0,
  employee_month_totals: 0,
  employee_day_totals: 0,
  trip_quarter_totals: 0,
  service_quarter_totals: 0,
};
