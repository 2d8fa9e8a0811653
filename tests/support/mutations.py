"""One random edit of a token list, shared by the fuzz tests of reader and engine."""

from __future__ import annotations

import random


def mutate(tokens: list[str], rng: random.Random, words: list[str]) -> None:
    """Swap two tokens, drop one, copy one elsewhere, or replace one by a word
    from ``words`` (in place; an empty list stays empty)."""
    if not tokens:
        return
    i = rng.randrange(len(tokens))
    op = rng.random()
    if op < 0.3:
        j = rng.randrange(len(tokens))
        tokens[i], tokens[j] = tokens[j], tokens[i]
    elif op < 0.5:
        del tokens[i]
    elif op < 0.7:
        tokens.insert(i, tokens[rng.randrange(len(tokens))])
    else:
        tokens[i] = rng.choice(words)


def mutate_lines(lines: list[str], rng: random.Random, words: list[str], edits: int) -> list[str]:
    """The lines of a record with ``edits`` tokens edited by :func:`mutate`, each
    on a line drawn at random (a new list; ``lines`` stays as it was)."""
    out = list(lines)
    for _ in range(edits):
        i = rng.randrange(len(out))
        toks = out[i].split(" ")
        mutate(toks, rng, words)
        out[i] = " ".join(toks)
    return out


def mutated_records(bases: list[str], rng: random.Random, words: list[str], count: int
                    ) -> list[str]:
    """``bases`` (record texts) and ``count`` copies of them drawn at random, each
    with one to four tokens edited by :func:`mutate_lines`."""
    out = list(bases)
    for _ in range(count):
        lines = mutate_lines(rng.choice(bases).split("\n"), rng, words, rng.randint(1, 4))
        out.append("\n".join(lines))
    return out
