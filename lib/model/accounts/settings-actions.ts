"use server";

import { revalidatePath } from "next/cache";
import { okMessage } from "@/lib/foundations/action-result";
import { viewerAction } from "@/lib/model/accounts/viewer-action";
import { saveAgeSettings } from "./settings";
import { ageFormInput } from "./settings-input";

// Age settings writes: the write is keyed by the viewer's own id, whatever ids the form carries.

export const saveAgeSettingsAction = viewerAction(
  ageFormInput,
  async (viewer, input) => {
    const { showMature } = await saveAgeSettings(viewer.id, input, new Date());
    // Visibility depends on these two fields: every page may change.
    revalidatePath("/", "layout");
    if (input.showMature && !showMature) return okMessage("Saved. 18+ services stay hidden: they are only for adults.");
    return okMessage(showMature ? "Saved. 18+ services are shown." : "Saved.");
  },
  { returnTo: "/settings", invalid: "Check your date of birth." },
);
