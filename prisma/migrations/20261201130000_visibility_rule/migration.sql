-- THE visibility rule (DESIGN.md "Visibility"), stated once, here. Every read path of lib/catalog filters
-- with these functions. The viewer comes as three facts: their user id (NULL when signed out), whether
-- mature listings exist for them (an adult who turned 18+ on, decided by lib/accounts/age), and whether
-- they are an administrator.
--
-- A listing (a listed capability) exists for its publisher whatever its status or rating. For anyone else
-- it must be general, or the viewer must see mature listings. Then an administrator sees it (to judge
-- reports) and everyone else only when it is not suspended and its agent is published. A capability that
-- is not listed is no listing at all, for anyone.
--
-- LANGUAGE sql, one expression, IMMUTABLE: the planner inlines it into each query, so indexes still apply.
CREATE OR REPLACE FUNCTION explore_capability_visible(
  listed BOOLEAN,
  suspended_at TIMESTAMP,
  content_rating "ContentRating",
  agent_status "AgentStatus",
  agent_owner TEXT,
  viewer_id TEXT,
  viewer_sees_mature BOOLEAN,
  viewer_is_admin BOOLEAN
) RETURNS BOOLEAN
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT listed AND (
    (viewer_id IS NOT NULL AND agent_owner = viewer_id)
    OR (
      (content_rating = 'general' OR viewer_sees_mature)
      AND (viewer_is_admin OR (suspended_at IS NULL AND agent_status = 'published'))
    )
  )
$$;

-- An agent's page exists for its publisher, and for anyone else when the agent is published (or the viewer
-- is an administrator) unless every listing it has is mature and the viewer may not see mature listings:
-- the page would only say what it hides.
CREATE OR REPLACE FUNCTION explore_agent_visible(
  agent_id TEXT,
  agent_status "AgentStatus",
  agent_owner TEXT,
  viewer_id TEXT,
  viewer_sees_mature BOOLEAN,
  viewer_is_admin BOOLEAN
) RETURNS BOOLEAN
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (viewer_id IS NOT NULL AND agent_owner = viewer_id)
    OR (
      (viewer_is_admin OR agent_status = 'published')
      AND (
        viewer_sees_mature
        OR NOT EXISTS (SELECT 1 FROM "Capability" m WHERE m."agentId" = agent_id AND m."listed" AND m."contentRating" = 'mature')
        OR EXISTS (SELECT 1 FROM "Capability" g WHERE g."agentId" = agent_id AND g."listed" AND g."contentRating" = 'general')
      )
    )
$$;
