import { jsonLdText } from "@/lib/edges/seo/structured-data";

type Data = Parameters<typeof jsonLdText>[0];

/** Structured data for search engines. */
export function JsonLd({ data }: { data: Data }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
