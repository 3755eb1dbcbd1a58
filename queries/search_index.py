"""Placeholder until the search index lands (the search issue replaces this module)."""


def build_search_index(temporary_db):
    return None
