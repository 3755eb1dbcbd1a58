"""Small helpers so the checker's sentences read like a judge would say them."""

from __future__ import annotations


def and_list(names) -> str:
    """["Ana"] -> "Ana"; ["Ana", "Ben", "Cleo"] -> "Ana, Ben and Cleo"."""
    names = [str(name) for name in names]  # players, or teams (a Team reads as its name)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def a(identity: str) -> str:
    """ "an Assassin", "a Guardian"."""
    return f"{'an' if identity[0] in 'AEIOU' else 'a'} {identity}"
