import type { ReportReason } from "@/generated/prisma/enums";

export const REPORT_REASONS: readonly ReportReason[] = ["sexual_content", "misleading", "broken", "other"];

export const REPORT_REASON_WORDS: Record<ReportReason, { label: string; hint: string }> = {
  sexual_content: { label: "Sexual content", hint: "Not allowed on Explore at any rating, 18+ included." },
  misleading: { label: "Misleading", hint: "It does not do what its listing says, or hides what it does with data." },
  broken: { label: "Broken", hint: "It fails, times out or answers nonsense." },
  other: { label: "Something else", hint: "Tell us in the comment." },
};

export const MAX_COMMENT = 2000;
export const MAX_SUSPENSION_REASON = 500;
