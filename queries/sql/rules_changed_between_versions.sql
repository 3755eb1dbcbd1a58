-- title: Rules whose text differs between two documents
-- description: Rules with the same number in :document and :other (e.g. treachery-1.1 and treachery-1.1-forum-post, or two comprehensive rules) whose title or text differ, side by side.
-- example: document=treachery-1.1&other=treachery-1.1-forum-post
select
  one.number,
  one.title as title_in_document,
  one.text as text_in_document,
  two.title as title_in_other,
  two.text as text_in_other
from rules as one
join documents as one_document on one_document.id = one.document_id
join rules as two on two.canonical = one.canonical
join documents as two_document on two_document.id = two.document_id
where one_document.slug = :document
  and two_document.slug = :other
  and (coalesce(one.text, '') != coalesce(two.text, '') or coalesce(one.title, '') != coalesce(two.title, ''))
order by one.position
