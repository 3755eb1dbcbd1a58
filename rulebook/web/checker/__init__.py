"""The checker as a judge sees it, apart from the checker itself (rulebook.queries.checker):
the /check form's rows (form.py), a scenario in a shared link (permalink.py) and an answer in
words, for the page and the terminal (text.py)."""
