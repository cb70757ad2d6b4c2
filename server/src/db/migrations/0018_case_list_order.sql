-- The case lists' attention order (server/src/cases/case-list-repository.ts) read through an index instead
-- of sorting every case of the hospital the caller may see: the unaccepted cases (pending, escalated) of a
-- hospital in the order the list shows them, emergent first, then by clinical target time, then newest
-- first. The other cases come newest first through cases_hospital_created_idx and
-- cases_opened_by_created_idx, which exist already.
--
-- Partial: it holds only the cases that wait for an accept, a small part of the table; building it reads
-- the table once and writes only those rows.
create index cases_unaccepted_attention_idx
  on cases (hospital_id, (case when urgency = 'emergent' then 0 else 1 end), target_due_at, created_at desc, id desc)
  where status in ('pending', 'escalated');

-- The specialist's "offered to me" list (scope offered): its offers still awaiting an answer, found without
-- reading every offer it ever had. Partial as well: only the offers that are active, a handful at a time.
create index case_offers_active_idx on case_offers (specialist_id, case_id) where active;
