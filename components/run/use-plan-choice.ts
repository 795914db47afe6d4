"use client";

import { useState } from "react";
import type { RunPanelInfo } from "@/lib/domain/runs/queries";
import { planKey } from "./plan-picker";

// The plan the run uses (the free quota first); a paid one needs the person's explicit agreement to what
// it costs (the action refuses it otherwise), asked again whenever the plan changes.
export function usePlanChoice(info: RunPanelInfo) {
  const [chosenKey, setChosenKey] = useState(info.defaultPlanId ?? "");
  const chosen = info.plans.find((p) => planKey(p) === chosenKey && p.available) ?? info.plans.find((p) => planKey(p) === (info.defaultPlanId ?? ""));
  const consent = chosen?.consent ?? null;
  const [consentToPay, setConsentToPay] = useState(false);

  function choose(key: string) {
    setChosenKey(key);
    setConsentToPay(false);
  }

  return { chosen, consent, consentToPay, setConsentToPay, choose };
}

export type PlanChoiceState = ReturnType<typeof usePlanChoice>;
