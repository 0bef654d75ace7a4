import { eq } from "drizzle-orm";
import { webhookDeliveries, webhooks } from "../../src/db/schema.js";
import { insertWebhook } from "../../src/modules/webhooks/webhook-repository.js";
import { testDatabase } from "./test-app.js";

/**
 * A webhook on the shared test database subscribed to `events` (never called: no worker runs
 * here), the `data` of what was queued for it, and `remove()` to delete it after the test.
 */
export async function subscribedWebhook(events: string[]) {
  const { db } = await testDatabase();
  const id = await insertWebhook(db, {
    url: "https://receptor.example.com/treiber",
    events,
    description: null,
    secret: "whsec_prueba",
    createdByUserId: null,
    createdByApiKeyId: null,
  });
  return {
    async queuedData() {
      const rows = await db
        .select({ payload: webhookDeliveries.payload })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, id));
      return rows.map(({ payload }) => (payload as { data: Record<string, unknown> }).data);
    },
    remove: () => db.update(webhooks).set({ deletedAt: new Date() }).where(eq(webhooks.id, id)),
  };
}
