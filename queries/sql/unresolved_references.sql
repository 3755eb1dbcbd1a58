-- title: Unresolved references
-- description: Rule numbers cited by some text that match no rule, no ancestor and no section of the document they point at: what a judge cannot follow, per document.
select
  document.slug as document,
  reference.source_table,
  reference.source_id,
  coalesce(citing_rule.number, citing_card.name) as cited_from,
  reference.cited_as,
  reference.target,
  target_document.slug as looked_in
from rule_references as reference
join documents as document on document.id = reference.document_id
left join documents as target_document on target_document.id = reference.target_document_id
left join rules as citing_rule on citing_rule.id = reference.from_rule_id
left join cards as citing_card on citing_card.id = reference.from_card_id
where reference.resolution = 'unresolved'
order by document.slug, reference.id
