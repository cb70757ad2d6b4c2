-- Triage assessments with versions, and each user's notification preferences.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).

-- Every save of a specialty's assessment at a hospital is a new version; the highest is the current one. The
-- questions are kept whole (ordered, as the contract's TriageQuestion), so that a case answered with an older
-- version still reads its answers as they were asked. Append-only in practice: nothing updates a version.
create table triage_assessment_versions (
  hospital_id text not null references hospitals (id),
  specialty_id text not null references specialties (id),
  version integer not null check (version > 0),
  questions jsonb not null check (jsonb_typeof(questions) = 'array'),
  created_at timestamptz not null default now(),
  created_by text references users (id),
  primary key (hospital_id, specialty_id, version)
);

-- The questions written so far become version 1 of their assessment.
insert into triage_assessment_versions (hospital_id, specialty_id, version, questions)
select hospital_id, specialty_id, 1,
  jsonb_agg(
    jsonb_strip_nulls(jsonb_build_object(
      'id', id, 'kind', kind, 'label', label, 'required', required,
      'unit', case when kind = 'number' then unit end,
      'min', case when kind = 'number' then min end,
      'max', case when kind = 'number' then max end,
      'choices', case when kind = 'choice' then to_jsonb(choices) end
    ))
    order by position
  )
from triage_questions
group by hospital_id, specialty_id;

drop table triage_questions;

-- The version a case was answered with; null when its specialty had no assessment.
alter table cases add column triage_version integer;

update cases c set triage_version = 1
where exists (
  select 1 from triage_assessment_versions v
  where v.hospital_id = c.hospital_id and v.specialty_id = c.specialty_id
);

alter table users
  add column notify_sound boolean not null default true,
  add column notify_toasts boolean not null default true;
