-- title: Identity cards of a role, with their notes
-- description: Every Treachery identity card whose role is :role (Leader, Guardian, Assassin or Traitor), one row per note in the order the document gives them; a card without notes has one row with no note.
-- example: role=Guardian
select
  document.slug as document,
  card.name as card,
  card.rules_text,
  note.position as note,
  note.group_heading,
  note.text as note_text
from cards as card
join documents as document on document.id = card.document_id
left join card_notes as note on note.card_id = card.id
where card.kind = 'identity' and card.role = :role collate nocase
order by document.effective_date desc, document.slug, card.position, note.position
