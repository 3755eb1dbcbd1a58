-- title: Rulings that mention a card
-- description: Card notes, FAQ answers and mechanic rulings that name the card :card (its full name, or one half of a split or Room card), with the card, question or mechanic they belong to.
-- example: card=Jump Scare
select
  document.slug as document,
  kind.name as kind,
  coalesce(owner_card.name, faq.question, mechanic.name, ruling_mechanic.name) as belongs_to,
  mention.card_name as named_as,
  coalesce(note.text, faq.answer, ruling.text, mechanic.body) as text
from card_mentions as mention
join documents as document on document.id = mention.document_id
join kinds as kind on kind.table_name = mention.source_table
left join cards as mentioned on mentioned.id = mention.card_id
left join card_notes as note on mention.source_table = 'card_notes' and note.id = mention.source_id
left join cards as owner_card on owner_card.id = note.card_id
left join faq on mention.source_table = 'faq' and faq.id = mention.source_id
left join mechanic_rulings as ruling on mention.source_table = 'mechanic_rulings' and ruling.id = mention.source_id
left join mechanics as ruling_mechanic on ruling_mechanic.id = ruling.mechanic_id
left join mechanics as mechanic on mention.source_table = 'mechanics' and mechanic.id = mention.source_id
where mention.card_name = :card collate nocase or mentioned.name = :card collate nocase
order by document.slug, mention.id
