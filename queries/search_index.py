"""Placeholder until the search index lands."""


def build_search_index(temporary_db):
    return None
