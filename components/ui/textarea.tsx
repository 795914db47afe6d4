import type { ComponentProps } from "react";
import { classNames } from "@/components/ui/class-names";
import { controlClassName } from "@/components/ui/input";

export function Textarea({ className, rows = 4, ...props }: ComponentProps<"textarea">) {
  return <textarea rows={rows} className={classNames(controlClassName, "py-2", className)} {...props} />;
}
