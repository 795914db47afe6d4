"use client";

import { PageUnavailable, errorDigest } from "@/components/site/page-unavailable";

// Never shows the error itself: server errors arrive without detail, and a stack helps no visitor.
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  return <PageUnavailable digest={errorDigest(error)} retry={retry} />;
}
