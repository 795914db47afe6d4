import type { ComponentProps } from "react";
import { classNames } from "@/components/ui/class-names";

export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={classNames("block text-sm font-medium text-foreground", className)} {...props} />;
}
