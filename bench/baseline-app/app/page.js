// Rendered per request, as every page of Explore is (its nonce makes them dynamic).
export const dynamic = "force-dynamic";

export default function Page() {
  return (
    <main>
      <h1>Baseline</h1>
      {Array.from({ length: 20 }, (_, i) => (
        <p key={i}>Paragraph {i + 1}: plain text in the framework&apos;s own page, so the page has something to paint.</p>
      ))}
    </main>
  );
}
