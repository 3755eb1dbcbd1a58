-- title: Rules citing a rule
-- description: Backlinks: every rule, in any document, that cites rule :number of :document (a slug such as treachery-6.0), including citations of a missing subrule that resolved to this rule.
-- example: document=comprehensive-rules-2026-01-16&number=104.2c
select
  source_document.slug as citing_document,
  citing.number as citing_rule,
  reference.cited_as,
  reference.resolution,
  citing.text as citing_text
from rule_references as reference
join rules as cited on cited.id = reference.rule_id
join documents as cited_document on cited_document.id = cited.document_id
join rules as citing on citing.id = reference.from_rule_id
join documents as source_document on source_document.id = citing.document_id
where cited_document.slug = :document
  and cited.canonical = lower(trim(:number, ' .'))
order by source_document.slug, citing.position
