-- title: Rules whose text differs between two documents
-- description: Rules of :document whose title or text differ in :other (e.g. treachery-1.1 and treachery-6.0, or two comprehensive rules), side by side. Renumbered rules are followed through the lineage table (1.1's 314.9 is 6.0's 372.8); two sources of one edition are matched by number.
-- example: document=treachery-1.1&other=treachery-6.0
with recursive
  one as (select r.* from rules r join documents d on d.id = r.document_id where d.slug = :document),
  two as (select r.* from rules r join documents d on d.id = r.document_id where d.slug = :other),
  chain(one_id, rule_id, direction) as (
    select one.id, edition_rule.id, direction.name
    from one
    join documents as one_document on one_document.id = one.document_id
    join rules as edition_rule on edition_rule.document_id = one_document.primary_id
      and edition_rule.canonical = one.canonical
    join (select 'forward' as name union all select 'back') as direction
    union all
    select chain.one_id, case chain.direction when 'forward' then lineage.rule_id else lineage.previous_rule_id end,
      chain.direction
    from chain
    join lineage on (chain.direction = 'forward' and lineage.previous_rule_id = chain.rule_id)
      or (chain.direction = 'back' and lineage.rule_id = chain.rule_id)
    where coalesce(case chain.direction when 'forward' then lineage.rule_id else lineage.previous_rule_id end, 0) != 0
  ),
  pairs as (
    select distinct chain.one_id, two.id as two_id
    from chain
    join rules as reached on reached.id = chain.rule_id
    join two on two.canonical = reached.canonical
      and reached.document_id = (select primary_id from documents where id = two.document_id)
  )
select
  one.number,
  two.number as number_in_other,
  one.title as title_in_document,
  one.text as text_in_document,
  two.title as title_in_other,
  two.text as text_in_other
from pairs
join one on one.id = pairs.one_id
join two on two.id = pairs.two_id
where coalesce(one.text, '') != coalesce(two.text, '') or coalesce(one.title, '') != coalesce(two.title, '')
order by one.position
