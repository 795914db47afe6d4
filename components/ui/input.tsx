import type { ComponentProps } from "react";
import { classNames } from "@/components/ui/class-names";

export const controlClassName =
  "block w-full rounded-md border border-border bg-surface px-3 text-foreground placeholder:text-muted-foreground aria-[invalid=true]:border-danger";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={classNames(controlClassName, "h-10", className)} {...props} />;
}
