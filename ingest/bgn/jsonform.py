"""The lossless JSON form of a game (docs/bgn/json.md, docs/bgn/canonical.md "JSON form").

``game_to_json`` gives a dict with the keys in the order of docs/bgn/json.md and
optional keys left out; ``game_from_json`` reads such a dict back (checking
it as the BGN reader checks text); ``read_jsonl`` reads JSON Lines, one game
per line, reporting a bad line as a game with a ``P101`` at that line
(``col`` None).  Canonical BGN → JSON → BGN gives the same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from typing import Any

from ingest.bgn.dates import settle_date
from ingest.bgn.encoding import codec_title, first_undecoded, undecoded_message
from ingest.bgn.lexer import (
    ANNOTATIONS,
    CARD,
    COMBO,
    FIGURES,
    Source,
    call_of,
    classify,
    iter_lines,
    sheet_value,
)
from ingest.bgn.tags import dealer_takes_after_all_pass
from ingest.bgn.writer import ordered_tags, sorted_cards
from replay.model.elements import Announce, Call, Claim, Combination, Exchange, Play
from replay.model.jsontext import dumps
from replay.model.record import Deal, Game, ParseError, ScoreLine
from replay.model.variants import TableFacts, table_facts, variant_id

__all__ = ["game_to_json", "game_from_json", "dumps_game", "read_jsonl", "JsonFormError"]


class JsonFormError(ValueError):
    """A JSON object that is not a game; ``code`` is ``P101`` (shape) or ``P103`` (order)."""

    def __init__(self, message: str, code: str = "P101") -> None:
        super().__init__(message)
        self.code = code


# ---------------------------------------------------------------------- to JSON


def _num(v: Decimal | None) -> int | float | None:
    if v is None:
        return None
    if v == v.to_integral_value():
        return int(v)
    return float(v)


def _play(p: Play) -> dict[str, Any]:
    d: dict[str, Any] = {"card": p.card}
    if p.seat is not None:
        d["seat"] = p.seat
    if p.trick is not None:
        d["trick"] = p.trick
    if p.bela is not None:
        d["bela"] = p.bela
    if p.annotation is not None:
        d["annotation"] = p.annotation
    if p.comment is not None:
        d["comment"] = p.comment
    return d


def _call(c: Call) -> dict[str, Any]:
    d: dict[str, Any] = {"call": c.call}
    if c.seat is not None:
        d["seat"] = c.seat
    if c.comment is not None:
        d["comment"] = c.comment
    return d


def _deal(deal: Deal, players: int) -> dict[str, Any]:
    d: dict[str, Any] = {"deal": deal.number, "dealer": deal.dealer}
    if deal.hands is not None:
        d["hands"] = {str(seat): [sorted_cards(x) for x in deal.hands[seat]]
                      for seat in sorted(deal.hands)}
    if deal.turn is not None:
        d["turn"] = deal.turn
    if deal.talon is not None:
        d["talon"] = list(deal.talon)
    if deal.bids is not None:
        d["bids"] = [_call(c) for c in deal.bids]
    if deal.announce:
        d["announce"] = [{"seat": a.seat, "figures": list(a.figures), "after": a.after}
                         for a in deal.announce]
    if deal.exchange is not None:
        d["exchange"] = [{"seat": e.seat, "action": e.action, "cards": list(e.cards)}
                         for e in deal.exchange]
    if deal.declare is not None:
        top = max([players, *deal.declare])
        d["declare"] = {str(s): [c.text for c in deal.declare.get(s) or []]
                        for s in range(1, top + 1)}
    if deal.plays is not None or deal.claim is not None:
        d["plays"] = [_play(p) for p in deal.plays or []]
    if deal.claim is not None:
        c = deal.claim
        d["claims"] = [{"seat": c.seat, "what": c.what, "after_play": c.after_play}]
    if deal.score is not None:
        d["score"] = [_num(v) for v in deal.score.values]
        if deal.score.hang is not None:
            d["hang"] = _num(deal.score.hang)
    if deal.total is not None:
        d["total"] = [_num(v) for v in deal.total.values]
    return d


def game_to_json(game: Game) -> dict[str, Any]:
    """The JSON form of a game that parsed (keys in docs/bgn/json.md order)."""
    players = table_facts(game.tags.get("Variant")).players
    out: dict[str, Any] = {
        "tags": {k: game.tags[k] for k in ordered_tags(game.tags)},
        "deals": [_deal(d, players) for d in game.deals],
    }
    if game.result is not None:
        out["result"] = game.result
    if game.comments:
        out["comments"] = list(game.comments)
    return out


def dumps_game(game: Game) -> str:
    """One JSON Lines line (without the LF) for a game: no character in it that any
    reader takes for a line end (``replay.model.jsontext``)."""
    return dumps(game_to_json(game), separators=(",", ":"))


# ---------------------------------------------------------------------- from JSON


def _fail(where: str, message: str, code: str = "P101") -> JsonFormError:
    return JsonFormError(f"{where}: {message}", code)


def _dict(v: Any, where: str) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise _fail(where, f"expected an object, found {type(v).__name__}")
    return v


def _list(v: Any, where: str, nonempty: bool = False) -> list[Any]:
    if not isinstance(v, list):
        raise _fail(where, f"expected a list, found {type(v).__name__}")
    if nonempty and not v:
        raise _fail(where, "expected a non-empty list")
    return v


def _int(v: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise _fail(where, f"expected an integer, found {v!r}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise _fail(where, f"{v} is outside {lo}..{hi}")
    return v


def _str(v: Any, where: str) -> str:
    if not isinstance(v, str):
        raise _fail(where, f"expected a string, found {v!r}")
    return v


def _card(v: Any, where: str) -> str:
    d = classify(v) if isinstance(v, str) and v else None
    if d is None or d[0] != CARD or d[2] is not None:
        raise _fail(where, f"expected a card such as 'TH', found {v!r}")
    card: str = d[1]
    return card


def _cards(v: Any, where: str) -> list[str]:
    return [_card(c, where) for c in _list(v, where, nonempty=True)]


def _seat_key(k: str, n: int, where: str) -> int:
    if not (isinstance(k, str) and k.isascii() and k.isdigit()):
        raise _fail(where, f"expected a seat number as key, found {k!r}")
    return _int(int(k), where, 1, n)


def _number(v: Any, where: str, dash: bool) -> Decimal | None:
    if v is None and dash:
        return None
    if isinstance(v, bool) or not isinstance(v, int | float | Decimal):
        raise _fail(where, f"expected a number, found {v!r}")
    try:
        d = v if isinstance(v, Decimal) else Decimal(repr(v)) if isinstance(v, float) else Decimal(v)
    except InvalidOperation as e:
        raise _fail(where, f"expected a number, found {v!r}") from e
    if not d.is_finite():
        raise _fail(where, f"expected a finite number, found {v!r}")
    return sheet_value(d)


def _text(v: Any, where: str) -> str:
    return " ".join(_str(v, where).split())


def _deal_from(obj: Any, i: int, n: int, facts: TableFacts,
               play_after_all_pass: bool = False) -> Deal:
    w = f"deal {i}"
    o = _dict(obj, w)
    for k in o:
        if k not in _DEAL_KEYS:
            raise _fail(w, f"unknown key {k!r}")
    if "deal" not in o or "dealer" not in o:
        raise _fail(w, "'deal' and 'dealer' are required")
    deal = Deal(_int(o["deal"], f"{w}.deal", 0), _int(o["dealer"], f"{w}.dealer", 1, n))
    if "hands" in o:
        hands = _dict(o["hands"], f"{w}.hands")
        if not hands:
            raise _fail(f"{w}.hands", "empty 'hands' section")
        deal.hands = {}
        for k in sorted(hands, key=lambda x: (len(x), x)):
            seat = _seat_key(k, n, f"{w}.hands")
            deliveries = _list(hands[k], f"{w}.hands.{k}", nonempty=True)
            deal.hands[seat] = [_cards(x, f"{w}.hands.{k}") for x in deliveries]
    if "turn" in o:
        if not facts.turn:
            raise _fail(f"{w}.turn", "'turn' in a variant without a turned card", "P103")
        deal.turn = _card(o["turn"], f"{w}.turn")
    if "talon" in o:
        if not facts.talon:
            raise _fail(f"{w}.talon", "'talon' in a variant without a talon", "P103")
        deal.talon = _cards(o["talon"], f"{w}.talon")
    if "bids" in o:
        deal.bids = []
        for j, b in enumerate(_list(o["bids"], f"{w}.bids", nonempty=True)):
            bw = f"{w}.bids[{j}]"
            b = _dict(b, bw)
            text = _str(b.get("call"), f"{bw}.call")
            call = "take" if text.lower() == "take" else call_of(text)
            if call is None:
                raise _fail(bw, f"expected a call, found {text!r}")
            by = _int(b["seat"], f"{bw}.seat", 1, n) if "seat" in b else None
            comment = _text(b["comment"], f"{bw}.comment") if "comment" in b else None
            deal.bids.append(Call(call, by, comment or None))
    for j, a in enumerate(_list(o.get("announce", []), f"{w}.announce")):
        aw = f"{w}.announce[{j}]"
        a = _dict(a, aw)
        figures = _list(a.get("figures"), f"{aw}.figures", nonempty=True)
        for f in figures:
            if f not in FIGURES:
                raise _fail(aw, f"expected a figure, found {f!r}")
        after = _str(a.get("after", "bids"), f"{aw}.after")
        if after in ("exchange", "declare", "play") and not facts.figures:
            raise _fail(aw, f"'announce' after '{after}' exists only in the Hungarian variants",
                        "P103")
        follows = _announce_follows(o, after, aw)
        if follows is None:
            raise _fail(aw, f"'announce' after '{after}' in a deal without it", "P103")
        if after != follows:
            raise _fail(aw, f"'announce' after '{after}', but in this deal it follows "
                        f"'{follows}'", "P103")
        deal.announce.append(Announce(_int(a.get("seat"), f"{aw}.seat", 1, n), list(figures),
                                      after))
    if "announce" in o and not deal.announce:
        raise _fail(f"{w}.announce", "empty 'announce' section")
    if "exchange" in o:
        deal.exchange = []
        for j, e in enumerate(_list(o["exchange"], f"{w}.exchange", nonempty=True)):
            ew = f"{w}.exchange[{j}]"
            e = _dict(e, ew)
            action = e.get("action")
            if action not in ("swap", "take", "discard"):
                raise _fail(ew, f"expected swap, take or discard, found {action!r}")
            cards = _cards(e.get("cards"), f"{ew}.cards")
            if action == "swap" and len(cards) != 1:
                raise _fail(ew, "'swap' gives one card")
            deal.exchange.append(Exchange(_int(e.get("seat"), f"{ew}.seat", 1, n), action, cards))
    if "declare" in o:
        decl = _dict(o["declare"], f"{w}.declare")
        deal.declare = {}
        for k in decl:
            seat = _seat_key(k, n, f"{w}.declare")
            combos = []
            for c in _list(decl[k], f"{w}.declare.{k}"):
                d = classify(_str(c, f"{w}.declare.{k}") or "?")
                if d[0] != COMBO:
                    raise _fail(f"{w}.declare.{k}", f"expected a combination, found {c!r}")
                combos.append(Combination(d[1]))
            deal.declare[seat] = combos
        deal.declare = {s: deal.declare.get(s, []) for s in range(1, n + 1)}
    if "plays" in o:
        if (deal.bids and all(c.call == "pass" for c in deal.bids)
                and not play_after_all_pass):
            raise _fail(f"{w}.plays", "'play' after an auction in which every seat passed", "P103")
        deal.plays = []
        for j, p in enumerate(_list(o["plays"], f"{w}.plays")):
            pw = f"{w}.plays[{j}]"
            p = _dict(p, pw)
            bela = p.get("bela")
            if bela is not None and bela not in ("bela", "rebela", "bela rebela"):
                raise _fail(pw, f"expected 'bela' or 'rebela', found {bela!r}")
            ann = p.get("annotation")
            if ann is not None and ann not in ANNOTATIONS:
                raise _fail(pw, f"expected an annotation such as '!?', found {ann!r}")
            deal.plays.append(Play(
                _card(p.get("card"), f"{pw}.card"),
                _int(p["seat"], f"{pw}.seat", 1, n) if "seat" in p else None,
                _int(p["trick"], f"{pw}.trick", 0) if "trick" in p else None,
                bela, ann,
                (_text(p["comment"], f"{pw}.comment") or None) if "comment" in p else None,
            ))
    claims = _list(o.get("claims", []), f"{w}.claims")
    if len(claims) > 1:
        raise _fail(f"{w}.claims", "one claim at most", "P103")
    if claims:
        c = _dict(claims[0], f"{w}.claims[0]")
        what = c.get("what")
        if what not in ("rest", "game"):
            raise _fail(f"{w}.claims[0]", f"expected 'rest' or 'game', found {what!r}")
        count = len(deal.plays or [])
        after_play = _int(c.get("after_play"), f"{w}.claims[0].after_play", 0, count)
        if what == "rest" and after_play != count:
            raise _fail(f"{w}.claims[0]", "a card after 'claim rest'", "P103")
        if deal.plays is None:
            deal.plays = []
        deal.claim = Claim(_int(c.get("seat"), f"{w}.claims[0].seat", 1, n), what, after_play)
    elif deal.plays == []:
        raise _fail(f"{w}.plays", "empty 'play' section")
    if "score" in o:
        values = [_number(v, f"{w}.score", True) for v in _list(o["score"], f"{w}.score")]
        hang = _number(o["hang"], f"{w}.hang", False) if "hang" in o else None
        if not values and hang is None:
            raise _fail(f"{w}.score", "empty 'score' section")
        deal.score = ScoreLine(values, hang=hang)
    elif "hang" in o:
        raise _fail(f"{w}.hang", "'hang' without 'score'")
    if "total" in o:
        values = [_number(v, f"{w}.total", False) for v in _list(o["total"], f"{w}.total",
                                                                   nonempty=True)]
        deal.total = ScoreLine(values)
    return deal


#: the sections an ``announce`` can follow in the text of a deal, in their order, by
#: where the canonical text writes it: after the auction, after the exchange and the
#: declarations, after the play (as the BGN reader's ``after``)
_BEFORE_EXCHANGE = ("deal", "hands", "turn", "talon", "bids")


def _announce_follows(o: dict[str, Any], after: str, where: str) -> str | None:
    """The section an ``announce`` written ``after`` follows in the text of the deal
    ``o`` (None: the deal has no such section).  ``after`` is what the BGN reader
    records, the keyword of the section just before; any other value would come
    back from the canonical text as another record."""
    if after in _BEFORE_EXCHANGE:
        return [k for k in _BEFORE_EXCHANGE if k == "deal" or k in o][-1]
    if after in ("exchange", "declare"):
        return "declare" if "declare" in o else "exchange" if "exchange" in o else None
    if after == "play":
        return "play" if "plays" in o else None
    raise _fail(where, f"expected a section keyword in 'after', found {after!r}")


_DEAL_KEYS = frozenset(
    ("deal", "dealer", "hands", "turn", "talon", "bids", "announce", "exchange", "declare",
     "plays", "claims", "score", "hang", "total")
)


def game_from_json(obj: Any) -> Game:
    """A :class:`Game` from its JSON form; raises :class:`JsonFormError` when ``obj`` is
    not one (positions are unknown: NOPOS)."""
    o = _dict(obj, "game")
    for k in o:
        if k not in ("tags", "deals", "result", "comments"):
            raise _fail("game", f"unknown key {k!r}")
    # as in BGN, where a game is its tags and its movetext: an object with neither
    # (``{}``, comments alone) has no text that reads back, and would vanish in BGN
    if not o.get("tags") and not o.get("deals") and "result" not in o:
        raise _fail("game", "no tags, deals or result: not a game")
    tags = _dict(o.get("tags", {}), "tags")
    game = Game()
    for k, v in tags.items():
        if not (isinstance(k, str) and k and k.isascii() and k.replace("_", "a").isalnum()):
            raise _fail("tags", f"malformed tag name {k!r}")
        # a line ends at LF (or CRLF); a lone CR is a character of the value, as the
        # BGN reader reads it, so a tag value read from BGN comes back from JSON
        if "\n" in _str(v, f"tags.{k}"):
            raise _fail(f"tags.{k}", "a tag value is one line")
        game.tags[k] = v
    # read as the BGN reader reads them: a variant id in other letters, a date in
    # another form (a warning, placed at the JSON line by ``read_jsonl``)
    if "Variant" in game.tags:
        game.tags["Variant"] = variant_id(game.tags["Variant"])
    settle_date(game)
    facts = table_facts(game.tags.get("Variant"))
    n = facts.players
    dealer_takes = dealer_takes_after_all_pass(game.tags)
    game.deals = [_deal_from(d, i + 1, n, facts, dealer_takes)
                  for i, d in enumerate(_list(o.get("deals", []), "deals"))]
    if "result" in o:
        r = _str(o["result"], "result")
        if r not in ("A", "B", "*") and not (r.isascii() and r.isdigit() and 1 <= int(r) <= n):
            raise _fail("result", f"expected A, B, a seat number or '*', found {r!r}")
        game.result = r
    for c in _list(o.get("comments", []), "comments"):
        t = _text(c, "comments")
        if t:
            game.comments.append(t)
    return game


def read_jsonl(source: Source, encoding: str | None = None) -> Iterator[Game]:
    """Games from JSON Lines: a path (``.jsonl``, ``.jsonl.gz``; a ``str`` is a path), a
    stream or an iterable of lines; bytes decoded in ``encoding`` (UTF-8 by default).

    A blank line is skipped; a line that is not a game gives a game whose only
    error is a ``P101`` (or ``P103``) at that line with ``col`` None, and a line
    with a byte that could not be decoded one whose error is ``P104`` at that byte.
    """
    fh, lines = iter_lines(source, encoding)
    index = 0
    try:
        for ln, raw in enumerate(lines, 1):
            line = raw.strip()
            if not line:
                continue
            index += 1
            bad = first_undecoded(raw)
            try:
                if bad:
                    game = Game(errors=[ParseError("P104", ln, bad, undecoded_message(
                        raw, bad, codec_title(encoding)))])
                else:
                    game = game_from_json(json.loads(line, parse_float=Decimal))
            except JsonFormError as e:
                game = Game(errors=[ParseError(e.code, ln, None, str(e))])
            except (ValueError, RecursionError) as e:
                game = Game(errors=[ParseError("P101", ln, None, f"not JSON: {e}")])
            game.index = index
            game.line = ln
            for w in game.warnings:
                w.line = ln
            game.source_text = line + "\n"
            yield game
    finally:
        if fh is not None:
            fh.close()
