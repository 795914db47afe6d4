/** While the draft and its preview load. */
export default function LoadingDraft() {
  return (
    <p role="status" className="text-muted-foreground">
      Loading the draft…
    </p>
  );
}
