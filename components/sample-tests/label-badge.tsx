import { Badge } from "@/components/ui/badge";
import { labelLine, type SampleTestLabel } from "@/lib/model/figures/sample-test-label";

/** The label as a badge; nothing at all when there is no label to show. */
export function SampleTestBadge({ label, now }: { label: SampleTestLabel; now: Date }) {
  switch (label.kind) {
    case "tested":
      return (
        <Badge tone="success" title={`Explore last ran the example and it passed at ${label.lastPassAt.toISOString()}`}>
          Sample-tested · {labelLine(label, now)}
        </Badge>
      );
    case "failing":
      return <Badge tone="warning">Example not currently passing</Badge>;
    case "not_testable":
      return label.reason === "no_dry_run" ? <Badge>Not sample-testable</Badge> : null;
    case "none":
      return null;
  }
}
