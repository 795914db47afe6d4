-- Drafts opened from the network's other formats (DESIGN.md, "Speaking the network's languages")
ALTER TYPE "DraftSource" ADD VALUE 'a2a_card';
ALTER TYPE "DraftSource" ADD VALUE 'ga4gh_entry';
ALTER TYPE "DraftSource" ADD VALUE 'a2awire';
