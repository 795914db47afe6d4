"use server";

import { revalidatePath } from "next/cache";
import { okMessage } from "@/lib/foundations/action-result";
import { viewerAction } from "@/lib/model/accounts/viewer-action";
import { rulesFormInput } from "./form";
import { saveDataRules } from "./queries";

// The consumer's data rules, saved from settings: the write is keyed by the viewer's own id.

export const saveDataRulesAction = viewerAction(
  rulesFormInput,
  async (viewer, rules) => {
    await saveDataRules(viewer.id, rules);
    revalidatePath("/settings");
    return okMessage("Your data rules are saved.");
  },
  { returnTo: "/settings", invalid: "Check the highlighted rules." },
);
