import { randomUUID } from "node:crypto";
import { z } from "zod";
import { defineTool, READ_ONLY, ToolInputError, type DemoTool } from "./tool-kit";

type ReminderStatus = "scheduled" | "sent" | "cancelled";

type Reminder = {
  reminderId: string;
  executionId: string | null;
  idempotencyKey: string | null;
  to: string;
  channel: "email" | "sms" | "push";
  message: string;
  sendAt: Date;
  status: ReminderStatus;
  deliveries: number;
};

/** The reminder service's memory: reminders and the outbox count. It lives as long as the adapters' process. */
export type ReminderStore = { reminders: Reminder[]; outbox: number };

export function createReminderStore(): ReminderStore {
  return { reminders: [], outbox: 0 };
}

// "Sending" is handing the reminder to the in-memory outbox: that is the effect, counted once per reminder.
function deliver(store: ReminderStore, reminder: Reminder): void {
  reminder.status = "sent";
  reminder.deliveries += 1;
  store.outbox += 1;
}

function deliverDue(store: ReminderStore, now: Date): void {
  for (const reminder of store.reminders) {
    if (reminder.status === "scheduled" && reminder.sendAt.getTime() <= now.getTime()) deliver(store, reminder);
  }
}

function findReminder(store: ReminderStore, id: string): Reminder | undefined {
  return store.reminders.find((item) => item.executionId === id || item.idempotencyKey === id || item.reminderId === id);
}

const isoDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/)
  .describe("ISO 8601 date-time with an offset, e.g. 2030-01-15T09:00:00Z.");

const sendOutput = z.object({
  reminder_id: z.string().nullable(),
  status: z.enum(["dry_run", "scheduled", "sent", "cancelled"]),
  dry_run: z.boolean(),
  duplicate: z.boolean().describe("True when the idempotency key had been seen: nothing new was sent."),
  deliveries: z.number().int().describe("How many times this reminder has been delivered (0 or 1)."),
  to: z.string(),
  channel: z.string(),
  send_at: z.string(),
  execution_id: z.string().nullable(),
  preview: z.string(),
});
type SendOutput = z.infer<typeof sendOutput>;

const cancelOutput = z.object({
  execution_id: z.string(),
  reminder_id: z.string().nullable(),
  cancelled: z.boolean(),
  status: z.enum(["cancelled", "already_cancelled", "already_sent", "not_found"]),
});
type CancelOutput = z.infer<typeof cancelOutput>;

const outcomeOutput = z.object({
  execution_id: z.string(),
  outcome: z.enum(["took_effect", "pending", "cancelled", "no_effect"]),
  reminder_id: z.string().nullable(),
  send_at: z.string().nullable(),
  deliveries: z.number().int(),
  outbox_total: z.number().int().describe("Reminders this adapter has delivered since it started."),
});
type OutcomeOutput = z.infer<typeof outcomeOutput>;

export function createReminderTools(store: ReminderStore): DemoTool[] {
  const sendReminder = defineTool({
    name: "send_reminder",
    title: "Send a reminder",
    description:
      "Sends (or schedules) a reminder message to a recipient. Same idempotency_key → same reminder, never sent twice. dry_run checks everything and sends nothing.",
    input: z.object({
      to: z.string().min(3).max(200).describe("Recipient address or phone number."),
      channel: z.enum(["email", "sms", "push"]).default("email"),
      message: z.string().min(1).max(500),
      send_at: isoDateTime.optional().describe("When to send; now when omitted or in the past."),
      idempotency_key: z.string().min(1).max(200).optional().describe("Repeated calls with the same key return the first reminder."),
      dry_run: z.boolean().default(false).describe("Validate and preview without sending."),
    }),
    output: sendOutput,
    hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run(args, meta): SendOutput {
      const now = new Date();
      deliverDue(store, now);
      const sendAt = args.send_at === undefined ? now : new Date(args.send_at);
      if (Number.isNaN(sendAt.getTime())) throw new ToolInputError(`send_at ${args.send_at ?? ""} is not a real date.`);
      const preview = `[${args.channel}] to ${args.to}: ${args.message}`;
      const key = args.idempotency_key ?? meta.executionId;
      const view = (reminder: Reminder, duplicate: boolean): SendOutput => ({
        reminder_id: reminder.reminderId,
        status: reminder.status,
        dry_run: false,
        duplicate,
        deliveries: reminder.deliveries,
        to: reminder.to,
        channel: reminder.channel,
        send_at: reminder.sendAt.toISOString(),
        execution_id: reminder.executionId,
        preview: `[${reminder.channel}] to ${reminder.to}: ${reminder.message}`,
      });
      if (args.dry_run) {
        return {
          reminder_id: null,
          status: "dry_run",
          dry_run: true,
          duplicate: false,
          deliveries: 0,
          to: args.to,
          channel: args.channel,
          send_at: sendAt.toISOString(),
          execution_id: meta.executionId,
          preview,
        };
      }
      const existing = key === null ? undefined : store.reminders.find((item) => item.idempotencyKey === key);
      if (existing) return view(existing, true);
      const reminder: Reminder = {
        reminderId: `rem_${randomUUID().replace(/-/g, "").slice(0, 16)}`,
        executionId: meta.executionId,
        idempotencyKey: key,
        to: args.to,
        channel: args.channel,
        message: args.message,
        sendAt,
        status: "scheduled",
        deliveries: 0,
      };
      store.reminders.push(reminder);
      if (sendAt.getTime() <= now.getTime()) deliver(store, reminder);
      return view(reminder, false);
    },
  });

  const cancelReminder = defineTool({
    name: "cancel_reminder",
    title: "Cancel a reminder",
    description: "Cancellation hook: cancels the reminder an execution scheduled, if it has not been sent yet.",
    input: z.object({ execution_id: z.string().min(1).max(200).describe("The execution ID (or idempotency key, or reminder id).") }),
    output: cancelOutput,
    hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    run({ execution_id }): CancelOutput {
      deliverDue(store, new Date());
      const reminder = findReminder(store, execution_id);
      if (!reminder) return { execution_id, reminder_id: null, cancelled: false, status: "not_found" };
      if (reminder.status === "sent") return { execution_id, reminder_id: reminder.reminderId, cancelled: false, status: "already_sent" };
      if (reminder.status === "cancelled") return { execution_id, reminder_id: reminder.reminderId, cancelled: true, status: "already_cancelled" };
      reminder.status = "cancelled";
      return { execution_id, reminder_id: reminder.reminderId, cancelled: true, status: "cancelled" };
    },
  });

  const reminderOutcome = defineTool({
    name: "reminder_outcome",
    title: "Reminder outcome",
    description: "Outcome lookup: says whether an execution's reminder took effect (sent), is pending, was cancelled or never happened.",
    input: z.object({ execution_id: z.string().min(1).max(200) }),
    output: outcomeOutput,
    hints: READ_ONLY,
    run({ execution_id }): OutcomeOutput {
      deliverDue(store, new Date());
      const reminder = findReminder(store, execution_id);
      const outcome: OutcomeOutput["outcome"] = !reminder
        ? "no_effect"
        : reminder.status === "sent"
          ? "took_effect"
          : reminder.status === "cancelled"
            ? "cancelled"
            : "pending";
      return {
        execution_id,
        outcome,
        reminder_id: reminder?.reminderId ?? null,
        send_at: reminder?.sendAt.toISOString() ?? null,
        deliveries: reminder?.deliveries ?? 0,
        outbox_total: store.outbox,
      };
    },
  });

  return [sendReminder, cancelReminder, reminderOutcome];
}
