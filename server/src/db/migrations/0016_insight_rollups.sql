-- Insights rollups: per hospital × specialty × urgency × day (the hospital's local day) the counts and the
-- sketches the hospital insights need, kept current by triggers in the transaction of every change of a
-- case, so that a month or a year of insights reads a few hundred or a few thousand rows instead of every
-- case, offer and consultation of the range. The measures are those of server/src/domain/measures.ts,
-- computed per case the same way as insights/insights-repository.ts's `case_measures`.
--
-- Each case's contribution is kept in insight_case_facts; a change of the case computes its measures again
-- and, when they differ, subtracts the old contribution from its rollup and adds the new one (so a case
-- changed days after its day was summed corrects that day). Medians and 90th percentiles come from
-- histograms of fixed buckets (insight_bucket, the error stated in docs/decisions.md); the counts are exact.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).

-- The histogram bucket of an interval in seconds: 5-second buckets below 250 s, then buckets each 2 % wider
-- than the last (insights/rollup-sketch.ts reads them back; the two must agree).
create function insight_bucket(seconds double precision) returns integer
  language sql immutable parallel safe
  as $$ select case when seconds is null then null when seconds < 250 then floor(seconds / 5)::int
    else 50 + floor(ln(seconds / 250) / ln(1.02))::int end $$;

-- One row per case: the measures it contributes, in its hospital's time zone.
create view insight_case_measures as
select c.id as case_id, c.hospital_id, c.specialty_id, c.urgency,
  (c.created_at at time zone h.time_zone)::date as day,
  extract(hour from c.created_at at time zone h.time_zone)::int as hour,
  c.cancelled_at is not null as cancelled,
  case when c.cancelled_at is null then insight_seconds(c.door_time, c.created_at) end as door_to_request,
  case when c.cancelled_at is null then insight_seconds(c.created_at, o.first_offer) end as request_to_first_offer,
  case when c.cancelled_at is null then insight_seconds(c.created_at, c.accepted_at) end as request_to_accept,
  case when c.cancelled_at is null then insight_seconds(c.accepted_at, k.created_at) end as accept_to_consultation,
  case when c.cancelled_at is null then insight_seconds(c.created_at, k.created_at) end as request_to_consultation,
  (c.cancelled_at is null and e.escalated is not null) as escalated,
  case when c.cancelled_at is null then coalesce(o.declines, 0)::int else 0 end as declines,
  (c.cancelled_at is null and c.no_coverage) as no_coverage,
  coalesce(c.cancelled_at is null and insight_seconds(c.created_at, c.accepted_at) <= case c.urgency
    when 'emergent' then coalesce(hs.ack_seconds_emergent, 300)
    when 'urgent' then coalesce(hs.ack_seconds_urgent, 900)
    else coalesce(hs.ack_seconds_routine, 3600) end, false) as within_ack,
  coalesce(c.cancelled_at is null and c.accepted_at <= c.target_due_at, false) as within_target,
  case when c.cancelled_at is null then round(extract(epoch from c.target_due_at - c.created_at) / 60)::int end
    as target_minutes
from cases c
join hospitals h on h.id = c.hospital_id
left join hospital_case_settings hs on hs.hospital_id = c.hospital_id
left join lateral (
  select min(offered_at) as first_offer, count(*) filter (where declined_at is not null) as declines
  from case_offers where case_id = c.id
) o on true
left join lateral (select k.created_at from consultations k where k.case_id = c.id limit 1) k on true
left join lateral (
  select true as escalated from case_events e where e.case_id = c.id and e.kind = 'escalated' limit 1
) e on true;

create table insight_case_facts (like insight_case_measures, primary key (case_id));

-- The rollup of a hospital's specialty and urgency on one local day. `counts` holds, under prefixed keys,
-- how many cases fall in each histogram bucket of each interval (d: door → request, f: request → first
-- offer, a: request → accept, c: accept → consultation, k: request → consultation), each local hour (h:)
-- and each clinical target in minutes (t:); a key whose count falls to 0 is dropped. A row whose volume
-- falls to 0 stays, and is read as absent.
create table insight_rollups (
  hospital_id text not null references hospitals (id),
  day date not null,
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
  primary key (hospital_id, day, specialty_id, urgency)
);

-- Adds two count maps key by key, dropping the keys whose count is 0.
create function insight_merge(a jsonb, b jsonb) returns jsonb
  language sql immutable parallel safe
  as $$ select coalesce(jsonb_object_agg(key, total) filter (where total <> 0), '{}'::jsonb)
    from (select key, sum(value::int) as total
      from (select * from jsonb_each_text(a) union all select * from jsonb_each_text(b)) e
      group by key) s $$;

-- The count-map keys one case contributes.
create function insight_fact_keys(hour integer, door_to_request double precision,
  request_to_first_offer double precision, request_to_accept double precision,
  accept_to_consultation double precision, request_to_consultation double precision, target_minutes integer)
  returns text[] language sql immutable parallel safe
  as $$ select array_remove(array[
    'h:' || hour,
    'd:' || insight_bucket(door_to_request),
    'f:' || insight_bucket(request_to_first_offer),
    'a:' || insight_bucket(request_to_accept),
    'c:' || insight_bucket(accept_to_consultation),
    'k:' || insight_bucket(request_to_consultation),
    't:' || target_minutes], null) $$;

-- The advisory lock key of a hospital's rollups (null: of all of them), for insight_refresh and insight_rebuild.
create function insight_lock(hospital text) returns bigint language sql immutable as $$
  select hashtextextended('insight_rollups:' || coalesce(hospital, '*'), 0) $$;

-- Recomputes the measures of these cases; where they changed, moves each contribution: the old one out of
-- its rollup, the new one into its own (a different day, specialty or urgency when those changed).
create function insight_refresh(ids text[]) returns void language plpgsql as $$
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
  sums as (
    select hospital_id, day, specialty_id, urgency, sum(sign)::int as volume,
      sum(sign * cancelled::int)::int as cancelled, sum(sign * within_ack::int)::int as within_ack,
      sum(sign * within_target::int)::int as within_target, sum(sign * escalated::int)::int as escalated,
      sum(sign * declines)::int as declines, sum(sign * no_coverage::int)::int as no_coverage
    from deltas group by 1, 2, 3, 4
  ),
  keyed as (
    select hospital_id, day, specialty_id, urgency, jsonb_object_agg(key, n) filter (where n <> 0) as counts
    from (
      select hospital_id, day, specialty_id, urgency, key, sum(sign)::int as n
      from deltas cross join unnest(insight_fact_keys(hour, door_to_request, request_to_first_offer,
        request_to_accept, accept_to_consultation, request_to_consultation, target_minutes)) as key
      group by 1, 2, 3, 4, 5
    ) g
    group by 1, 2, 3, 4
  )
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
    no_coverage = r.no_coverage + excluded.no_coverage, counts = insight_merge(r.counts, excluded.counts);
end $$;

-- Sums a hospital's cases (or every hospital's, for null) from scratch, set-based: the backfill below, a
-- hospital's new time zone or acknowledgement times, and bulk loads with the triggers disabled.
create function insight_rebuild(hospital text) returns void language plpgsql as $$
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
end $$;

-- The triggers: new rows statement by statement (a bulk insert refreshes its cases in one pass), changes row
-- by row and only when a column the measures read changed.
create function insight_refresh_inserted_cases() returns trigger language plpgsql as $$
begin
  perform insight_refresh(array(select id from inserted));
  return null;
end $$;

create function insight_refresh_inserted_children() returns trigger language plpgsql as $$
begin
  perform insight_refresh(array(select distinct case_id from inserted));
  return null;
end $$;

create function insight_refresh_inserted_events() returns trigger language plpgsql as $$
begin
  perform insight_refresh(array(select distinct case_id from inserted where kind = 'escalated'));
  return null;
end $$;

create function insight_refresh_case_row() returns trigger language plpgsql as $$
begin
  perform insight_refresh(array[new.id]);
  return null;
end $$;

create function insight_refresh_child_row() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform insight_refresh(array[old.case_id]);
  else
    perform insight_refresh(array_remove(array[old.case_id, new.case_id], null));
  end if;
  return null;
end $$;

create function insight_rebuild_hospital() returns trigger language plpgsql as $$
begin
  perform insight_rebuild(new.id);
  return null;
end $$;

create function insight_rebuild_settings_hospital() returns trigger language plpgsql as $$
begin
  perform insight_rebuild(new.hospital_id);
  return null;
end $$;

create trigger insight_cases_inserted after insert on cases
  referencing new table as inserted for each statement execute function insight_refresh_inserted_cases();
create trigger insight_cases_changed after update on cases for each row
  when ((old.hospital_id, old.specialty_id, old.urgency, old.door_time, old.created_at, old.accepted_at,
    old.cancelled_at, old.no_coverage, old.target_due_at) is distinct from (new.hospital_id, new.specialty_id,
    new.urgency, new.door_time, new.created_at, new.accepted_at, new.cancelled_at, new.no_coverage,
    new.target_due_at))
  execute function insight_refresh_case_row();

create trigger insight_offers_inserted after insert on case_offers
  referencing new table as inserted for each statement execute function insight_refresh_inserted_children();
create trigger insight_offers_changed after update on case_offers for each row
  when ((old.case_id, old.offered_at, old.declined_at) is distinct from (new.case_id, new.offered_at,
    new.declined_at))
  execute function insight_refresh_child_row();
create trigger insight_offers_deleted after delete on case_offers for each row
  execute function insight_refresh_child_row();

create trigger insight_consultations_inserted after insert on consultations
  referencing new table as inserted for each statement execute function insight_refresh_inserted_children();
create trigger insight_consultations_changed after update on consultations for each row
  when ((old.case_id, old.created_at) is distinct from (new.case_id, new.created_at))
  execute function insight_refresh_child_row();
create trigger insight_consultations_deleted after delete on consultations for each row
  execute function insight_refresh_child_row();

create trigger insight_events_inserted after insert on case_events
  referencing new table as inserted for each statement execute function insight_refresh_inserted_events();

create trigger insight_hospital_zone_changed after update on hospitals for each row
  when (old.time_zone is distinct from new.time_zone) execute function insight_rebuild_hospital();
create trigger insight_settings_inserted after insert on hospital_case_settings for each row
  execute function insight_rebuild_settings_hospital();
create trigger insight_settings_changed after update on hospital_case_settings for each row
  when ((old.ack_seconds_emergent, old.ack_seconds_urgent, old.ack_seconds_routine)
    is distinct from (new.ack_seconds_emergent, new.ack_seconds_urgent, new.ack_seconds_routine))
  execute function insight_rebuild_settings_hospital();

-- The backfill: every case so far.
select insight_rebuild(null);
