// The baseline of bench/lighthouse.ts: a Next app with no code of Explore's, built with the same next and react.
export const metadata = { title: "Baseline", description: "A Next page with nothing of Explore's." };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
