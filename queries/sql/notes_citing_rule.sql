-- title: Notes and FAQ entries citing a rule
-- description: Card notes, rule notes and FAQ answers that cite rule :number of :document (a slug such as treachery-6.0), with the card or rule they belong to.
-- example: document=treachery-6.0&number=907.8b
select
  'card_note' as kind,
  source_document.slug as document,
  card.name as belongs_to,
  note.text as text,
  reference.cited_as
from rule_references as reference
join rules as cited on cited.id = reference.rule_id
join documents as cited_document on cited_document.id = cited.document_id
join card_notes as note on reference.source_table = 'card_notes' and note.id = reference.source_id
join cards as card on card.id = note.card_id
join documents as source_document on source_document.id = note.document_id
where cited_document.slug = :document and cited.canonical = lower(trim(:number, ' .'))
union all
select
  'rule_note',
  source_document.slug,
  owner.number,
  paragraph.text,
  reference.cited_as
from rule_references as reference
join rules as cited on cited.id = reference.rule_id
join documents as cited_document on cited_document.id = cited.document_id
join rule_paragraphs as paragraph on reference.source_table = 'rule_paragraphs' and paragraph.id = reference.source_id
join rules as owner on owner.id = paragraph.rule_id
join documents as source_document on source_document.id = paragraph.document_id
where cited_document.slug = :document and cited.canonical = lower(trim(:number, ' .'))
union all
select
  'faq',
  source_document.slug,
  faq.question,
  faq.answer,
  reference.cited_as
from rule_references as reference
join rules as cited on cited.id = reference.rule_id
join documents as cited_document on cited_document.id = cited.document_id
join faq on reference.source_table = 'faq' and faq.id = reference.source_id
join documents as source_document on source_document.id = faq.document_id
where cited_document.slug = :document and cited.canonical = lower(trim(:number, ' .'))
