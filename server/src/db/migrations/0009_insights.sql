-- Insights: the one SQL definition of an interval between two instants of a case's timeline, and the index
-- that keeps the escalation flag of each case in a range cheap. The measures themselves are computed per
-- case in insights/insights-repository.ts (as server/src/domain/measures.ts defines them).
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).

-- Seconds from one instant to another, never negative; null when either is missing (greatest() alone would
-- turn a missing instant into 0). A plain SQL function: the planner inlines it.
create function insight_seconds(from_at timestamptz, to_at timestamptz) returns double precision
  language sql immutable parallel safe
  as $$ select case when from_at is null or to_at is null then null
    else greatest(0, extract(epoch from to_at - from_at))::double precision end $$;

-- Was the case ever escalated: one probe per case of the range.
create index case_events_escalated_idx on case_events (case_id) where kind = 'escalated';
