-- Insights rollups by month: per hospital × specialty × urgency × local month (the hospital's time zone, as
-- the daily rows of migration 0016) the counts and the five intervals' histograms, the sum of that month's
-- daily rows. A range's totals (the previous range the hospital insights compare with) read its whole
-- months here and only its partial months' days from insight_rollups: a year is about 300 rows instead of
-- about 9,000. The counts are the daily rows' own (volume, cancelled, within acknowledgement time, within
-- target, escalated, declines, no coverage) and `counts` holds the daily rows' interval keys (d:, f:, a:,
-- c:, k: + bucket); the hours and targets stay daily only: the totals do not read them.
-- Kept by the same triggers, in the same statement as the daily rows; rebuilt with them.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).

create table insight_monthly_rollups (
  hospital_id text not null references hospitals (id),
  -- The first day of the local month.
  month date not null,
  specialty_id text not null references specialties (id),
  urgency text not null,
  volume integer not null,
  cancelled integer not null,
  within_ack integer not null,
  within_target integer not null,
  escalated integer not null,
  declines integer not null,
  no_coverage integer not null,
  counts jsonb not null,
  primary key (hospital_id, month, specialty_id, urgency)
);

-- Whether a count-map key is one of the intervals' (the keys a month keeps).
create function insight_interval_key(key text) returns boolean
  language sql immutable parallel safe
  as $$ select left(key, 2) in ('d:', 'f:', 'a:', 'c:', 'k:') $$;

-- Adds a change's count map (b: a few keys, none 0) to a row's (a: hundreds in a month), dropping the keys
-- whose count falls to 0: the same map as insight_merge (migration 0016), at the cost of b's keys rather than
-- of a's and b's together.
create function insight_add_counts(a jsonb, b jsonb) returns jsonb
  language sql immutable parallel safe
  as $$ select (a || coalesce(jsonb_object_agg(key, total) filter (where total <> 0), '{}'::jsonb))
      - coalesce(array_agg(key) filter (where total = 0), '{}'::text[])
    from (select e.key, coalesce((a ->> e.key)::int, 0) + e.value::int as total
      from jsonb_each_text(b) e) s $$;

-- Sums a hospital's months (every hospital's, for null) from its daily rows. The caller holds the rebuild's
-- locks (insight_lock).
create function insight_rebuild_months(hospital text) returns void language plpgsql as $$
begin
  delete from insight_monthly_rollups where hospital is null or hospital_id = hospital;
  insert into insight_monthly_rollups (hospital_id, month, specialty_id, urgency, volume, cancelled,
    within_ack, within_target, escalated, declines, no_coverage, counts)
  select s.hospital_id, s.month, s.specialty_id, s.urgency, s.volume, s.cancelled, s.within_ack,
    s.within_target, s.escalated, s.declines, s.no_coverage, coalesce(k.counts, '{}'::jsonb)
  from (
    select hospital_id, date_trunc('month', day)::date as month, specialty_id, urgency,
      sum(volume)::int as volume, sum(cancelled)::int as cancelled, sum(within_ack)::int as within_ack,
      sum(within_target)::int as within_target, sum(escalated)::int as escalated,
      sum(declines)::int as declines, sum(no_coverage)::int as no_coverage
    from insight_rollups where hospital is null or hospital_id = hospital
    group by 1, 2, 3, 4
  ) s
  left join (
    select hospital_id, month, specialty_id, urgency, jsonb_object_agg(key, n) filter (where n <> 0) as counts
    from (
      select r.hospital_id, date_trunc('month', r.day)::date as month, r.specialty_id, r.urgency, e.key,
        sum(e.value::int)::int as n
      from insight_rollups r cross join jsonb_each_text(r.counts) e
      where (hospital is null or r.hospital_id = hospital) and insight_interval_key(e.key)
      group by 1, 2, 3, 4, 5
    ) keyed
    group by 1, 2, 3, 4
  ) k using (hospital_id, month, specialty_id, urgency);
end $$;

-- As migration 0016's, and each change moves its contribution in the month's row too, in the same
-- statement: the monthly rows first, then the daily ones, each in key order, for every writer alike.
create or replace function insight_refresh(ids text[]) returns void language plpgsql as $$
begin
  if ids is null or cardinality(ids) = 0 then return; end if;
  -- Shared with every other case change, exclusive to a rebuild of the same hospital; always the global key
  -- first, then the hospitals' in order, so a change and a rebuild never wait for each other crosswise.
  perform pg_advisory_xact_lock_shared(insight_lock(null));
  perform pg_advisory_xact_lock_shared(insight_lock(h.hospital_id))
  from (select distinct hospital_id from cases where id in (select unnest(ids)) order by 1) h;
  -- Two changes of one case take turns: the second computes from what the first committed.
  -- `in (select unnest(…))` rather than `= any(…)`: a semi-join the planner can hash, where a bulk insert's
  -- 100,000 ids tested one by one against each row would take minutes.
  perform 1 from insight_case_facts where case_id in (select unnest(ids)) order by case_id for update;
  with fresh as materialized (
    select m.* from insight_case_measures m where m.case_id in (select unnest(ids))
  ),
  stale as materialized (
    select f.* from insight_case_facts f where f.case_id in (select unnest(ids))
  ),
  changed as (
    select case_id from fresh full join stale using (case_id)
    where fresh.case_id is null or stale.case_id is null or fresh::text is distinct from stale::text
  ),
  deltas as materialized (
    select -1 as sign, s.* from stale s where s.case_id in (select case_id from changed)
    union all
    select 1, n.* from fresh n where n.case_id in (select case_id from changed)
  ),
  saved as (
    insert into insight_case_facts select * from fresh where case_id in (select case_id from changed)
    on conflict (case_id) do update set hospital_id = excluded.hospital_id,
      specialty_id = excluded.specialty_id, urgency = excluded.urgency, day = excluded.day,
      hour = excluded.hour, cancelled = excluded.cancelled, door_to_request = excluded.door_to_request,
      request_to_first_offer = excluded.request_to_first_offer, request_to_accept = excluded.request_to_accept,
      accept_to_consultation = excluded.accept_to_consultation,
      request_to_consultation = excluded.request_to_consultation, escalated = excluded.escalated,
      declines = excluded.declines, no_coverage = excluded.no_coverage, within_ack = excluded.within_ack,
      within_target = excluded.within_target, target_minutes = excluded.target_minutes
    returning 1
  ),
  sums as materialized (
    select hospital_id, day, specialty_id, urgency, sum(sign)::int as volume,
      sum(sign * cancelled::int)::int as cancelled, sum(sign * within_ack::int)::int as within_ack,
      sum(sign * within_target::int)::int as within_target, sum(sign * escalated::int)::int as escalated,
      sum(sign * declines)::int as declines, sum(sign * no_coverage::int)::int as no_coverage
    from deltas group by 1, 2, 3, 4
  ),
  keys as materialized (
    select hospital_id, day, specialty_id, urgency, key, sum(sign)::int as n
    from deltas cross join unnest(insight_fact_keys(hour, door_to_request, request_to_first_offer,
      request_to_accept, accept_to_consultation, request_to_consultation, target_minutes)) as key
    group by 1, 2, 3, 4, 5
  ),
  keyed as (
    select hospital_id, day, specialty_id, urgency, jsonb_object_agg(key, n) filter (where n <> 0) as counts
    from keys group by 1, 2, 3, 4
  ),
  daily as (
    insert into insight_rollups as r (hospital_id, day, specialty_id, urgency, volume, cancelled, within_ack,
      within_target, escalated, declines, no_coverage, counts)
    select s.*, coalesce(k.counts, '{}'::jsonb)
    from sums s left join keyed k using (hospital_id, day, specialty_id, urgency)
    -- One order for every writer: two transactions never wait for each other's rows crosswise.
    order by s.hospital_id, s.day, s.specialty_id, s.urgency
    on conflict (hospital_id, day, specialty_id, urgency) do update set
      volume = r.volume + excluded.volume, cancelled = r.cancelled + excluded.cancelled,
      within_ack = r.within_ack + excluded.within_ack, within_target = r.within_target + excluded.within_target,
      escalated = r.escalated + excluded.escalated, declines = r.declines + excluded.declines,
      no_coverage = r.no_coverage + excluded.no_coverage,
      counts = insight_add_counts(r.counts, excluded.counts)
    returning 1
  ),
  monthly_sums as (
    select hospital_id, date_trunc('month', day)::date as month, specialty_id, urgency,
      sum(volume)::int as volume, sum(cancelled)::int as cancelled, sum(within_ack)::int as within_ack,
      sum(within_target)::int as within_target, sum(escalated)::int as escalated,
      sum(declines)::int as declines, sum(no_coverage)::int as no_coverage
    from sums group by 1, 2, 3, 4
  ),
  monthly_keyed as (
    select hospital_id, month, specialty_id, urgency, jsonb_object_agg(key, n) filter (where n <> 0) as counts
    from (
      select hospital_id, date_trunc('month', day)::date as month, specialty_id, urgency, key, sum(n)::int as n
      from keys where insight_interval_key(key)
      group by 1, 2, 3, 4, 5
    ) g
    group by 1, 2, 3, 4
  )
  -- The daily rows' insert (`daily`) runs once this one is done: monthly rows first, then daily ones.
  insert into insight_monthly_rollups as r (hospital_id, month, specialty_id, urgency, volume, cancelled,
    within_ack, within_target, escalated, declines, no_coverage, counts)
  select s.*, coalesce(k.counts, '{}'::jsonb)
  from monthly_sums s left join monthly_keyed k using (hospital_id, month, specialty_id, urgency)
  order by s.hospital_id, s.month, s.specialty_id, s.urgency
  on conflict (hospital_id, month, specialty_id, urgency) do update set
    volume = r.volume + excluded.volume, cancelled = r.cancelled + excluded.cancelled,
    within_ack = r.within_ack + excluded.within_ack, within_target = r.within_target + excluded.within_target,
    escalated = r.escalated + excluded.escalated, declines = r.declines + excluded.declines,
    no_coverage = r.no_coverage + excluded.no_coverage,
    counts = insight_add_counts(r.counts, excluded.counts);
end $$;

-- As migration 0016's, and the months summed again from the rebuilt days.
create or replace function insight_rebuild(hospital text) returns void language plpgsql as $$
begin
  -- A rebuild has its hospital (every hospital, for null) to itself: it waits for the case changes under way
  -- there to commit, and the next ones wait for it and count on the rebuilt rows (see insight_lock).
  if hospital is null then
    perform pg_advisory_xact_lock(insight_lock(null));
  else
    perform pg_advisory_xact_lock_shared(insight_lock(null));
    perform pg_advisory_xact_lock(insight_lock(hospital));
  end if;
  delete from insight_rollups where hospital is null or hospital_id = hospital;
  delete from insight_case_facts where hospital is null or hospital_id = hospital;
  insert into insight_case_facts
    select * from insight_case_measures where hospital is null or hospital_id = hospital;
  insert into insight_rollups (hospital_id, day, specialty_id, urgency, volume, cancelled, within_ack,
    within_target, escalated, declines, no_coverage, counts)
  select s.hospital_id, s.day, s.specialty_id, s.urgency, s.volume, s.cancelled, s.within_ack, s.within_target,
    s.escalated, s.declines, s.no_coverage, coalesce(k.counts, '{}'::jsonb)
  from (
    select hospital_id, day, specialty_id, urgency, count(*)::int as volume, count(*) filter (where cancelled)::int
      as cancelled, count(*) filter (where within_ack)::int as within_ack,
      count(*) filter (where within_target)::int as within_target,
      count(*) filter (where escalated)::int as escalated, sum(declines)::int as declines,
      count(*) filter (where no_coverage)::int as no_coverage
    from insight_case_facts where hospital is null or hospital_id = hospital
    group by 1, 2, 3, 4
  ) s
  left join (
    select hospital_id, day, specialty_id, urgency, jsonb_object_agg(key, n) as counts
    from (
      select f.hospital_id, f.day, f.specialty_id, f.urgency, key, count(*) as n
      from insight_case_facts f cross join unnest(insight_fact_keys(f.hour, f.door_to_request,
        f.request_to_first_offer, f.request_to_accept, f.accept_to_consultation, f.request_to_consultation,
        f.target_minutes)) as key
      where hospital is null or f.hospital_id = hospital
      group by 1, 2, 3, 4, 5
    ) keyed
    group by 1, 2, 3, 4
  ) k using (hospital_id, day, specialty_id, urgency);
  perform insight_rebuild_months(hospital);
end $$;

-- The backfill: every month so far, from the daily rows, with every hospital's rollups to itself.
select pg_advisory_xact_lock(insight_lock(null));
select insight_rebuild_months(null);
