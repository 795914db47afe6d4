import { absoluteUrl } from "@/lib/foundations/site/origin";
import { servicePath } from "@/lib/model/addresses/paths";
import { badgePath } from "./paths";

// The README snippets for a service's sample-test badge: the badge links to the listing, so a reader can
// check the label where it is earned.

export type BadgeSnippets = { imageUrl: string; listingUrl: string; alt: string; markdown: string; html: string };

const markdownText = (text: string) => text.replace(/[\\[\]]/g, (c) => `\\${c}`);
const htmlAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function badgeSnippets(service: { handle: string; capabilityId: string; name: string }): BadgeSnippets {
  const imageUrl = absoluteUrl(badgePath(service.handle, service.capabilityId));
  const listingUrl = absoluteUrl(servicePath(service.handle, service.capabilityId));
  const alt = `${service.name}: sample test on Explore`;
  return {
    imageUrl,
    listingUrl,
    alt,
    markdown: `[![${markdownText(alt)}](${imageUrl})](${listingUrl})`,
    html: `<a href="${htmlAttribute(listingUrl)}"><img src="${htmlAttribute(imageUrl)}" alt="${htmlAttribute(alt)}"></a>`,
  };
}
