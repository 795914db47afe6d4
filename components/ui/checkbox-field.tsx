import type { ReactNode } from "react";
import { Label } from "@/components/ui/label";

/** A checkbox with its label and, below the label, what ticking it means (read out with the box: aria-describedby). */
export function CheckboxField({
  id,
  name,
  label,
  defaultChecked,
  disabled,
  children,
}: {
  id: string;
  name: string;
  label: string;
  defaultChecked: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={defaultChecked}
        disabled={disabled}
        aria-describedby={`${id}-about`}
        className="mt-1 h-4 w-4"
      />
      <div>
        <Label htmlFor={id}>{label}</Label>
        <div id={`${id}-about`} className="mt-1 space-y-1 text-sm text-muted-foreground">
          {children}
        </div>
      </div>
    </div>
  );
}
