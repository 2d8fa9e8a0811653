"""Chart builders (Altair) for the analytics' tidy frames.

Each function takes a polars frame and column names and returns an
``alt.Chart`` (or layer) that the pages pass to ``st.altair_chart``.  No
Streamlit here: the tests check the chart specs directly.
"""

from __future__ import annotations

from typing import Any, Literal

import altair as alt
import polars as pl

NULL_LABEL = "—"
#: how rates read on an axis and in tooltips
PCT = ".0%"
PCT1 = ".1%"
#: the Vega colour schemes the heat maps use (altair checks names against its list)
Scheme = Literal["redyellowgreen", "blues"]


def label_column(frame: pl.DataFrame, dims: list[str], name: str = "group") -> pl.DataFrame:
    """Add a text column joining the values of ``dims`` ("yu4 · H"); nulls read as "—"."""
    if not dims:
        return frame.with_columns(pl.lit("all").alias(name))
    parts = [pl.col(d).cast(pl.String).fill_null(NULL_LABEL) for d in dims]
    return frame.with_columns(pl.concat_str(parts, separator=" · ").alias(name))


def as_text(frame: pl.DataFrame, cols: list[str]) -> pl.DataFrame:
    """Dimension columns as text (categories on an axis; nulls as "—")."""
    return frame.with_columns([pl.col(c).cast(pl.String).fill_null(NULL_LABEL) for c in cols
                               if c in frame.columns])


def _tooltip(frame: pl.DataFrame, cols: list[str]) -> list[alt.Tooltip]:
    out = []
    for c in cols:
        if c not in frame.columns:
            continue
        dtype = frame.schema[c]
        if c in ("rate", "ci_low", "ci_high", "counted_rate", "win_rate", "bidder_won_rate",
                 "ruff_rate"):
            out.append(alt.Tooltip(c, format=PCT1))
        elif dtype.is_float():
            out.append(alt.Tooltip(c, format=",.2f"))
        elif dtype.is_integer():
            out.append(alt.Tooltip(c, format=","))
        else:
            out.append(alt.Tooltip(c))
    return out


def rate_bars(frame: pl.DataFrame, x: str, color: str | None = None, rate: str = "rate",
              low: str = "ci_low", high: str = "ci_high", title: str = "",
              extra_tooltip: tuple[str, ...] = ("contracts", "made", "hanging", "small_n"),
              height: int = 320) -> alt.LayerChart | alt.FacetChart:
    """Bars of a rate with its confidence interval as error bars.

    ``color`` groups bars side by side within each ``x``.  Rows flagged
    ``small_n`` are drawn faded."""
    dims = [x] + ([color] if color else [])
    data = as_text(frame, dims)
    if "small_n" in data.columns:
        data = data.with_columns(pl.col("small_n").fill_null(True))
    tooltip = _tooltip(data, dims + [rate, low, high, *extra_tooltip])
    enc: dict[str, Any] = {"x": alt.X(f"{x}:N", title=x.replace("_", " "), sort=None,
                      axis=alt.Axis(labelOverlap=False)),
           "tooltip": tooltip}
    if color:
        enc["xOffset"] = alt.XOffset(f"{color}:N")
        enc["color"] = alt.Color(f"{color}:N", title=color.replace("_", " "))
    bars = alt.Chart(data).mark_bar().encode(
        y=alt.Y(f"{rate}:Q", title="success rate", axis=alt.Axis(format=PCT),
                scale=alt.Scale(domain=[0, 1])),
        opacity=(alt.condition("datum.small_n", alt.value(0.45), alt.value(1.0))
                 if "small_n" in data.columns else alt.value(1.0)),
        **enc)
    errors = alt.Chart(data).mark_errorbar(ticks=True, color="#333").encode(
        y=alt.Y(f"{low}:Q", title="success rate"), y2=alt.Y2(f"{high}:Q"), **enc)
    return alt.layer(bars, errors).properties(title=title, height=height)


def heatmap(frame: pl.DataFrame, x: str, y: str, value: str, fmt: str = PCT,
            title: str = "", tooltip: tuple[str, ...] = (), scheme: Scheme = "redyellowgreen",
            domain: tuple[float, float] | None = (0.0, 1.0), height: int | None = None,
            y_order: list[str] | None = None) -> alt.LayerChart | alt.FacetChart:
    """Cells of ``value`` over ``x`` × ``y``, with the value written in each cell; rows in
    ``y_order`` when given (else sorted), every row labelled (the height follows them)."""
    data = as_text(frame, [x, y])
    tips = _tooltip(data, [x, y, value, *tooltip])
    scale = alt.Scale(scheme=scheme, domain=list(domain)) if domain else alt.Scale(scheme=scheme)
    rows = data[y].n_unique() if data.height else 1
    height = height or max(200, 34 * rows + 40)
    base = alt.Chart(data).encode(
        x=alt.X(f"{x}:N", title=x.replace("_", " "), sort="ascending",
                axis=alt.Axis(labelOverlap=False)),
        y=alt.Y(f"{y}:N", title=y.replace("_", " "), sort=y_order or "ascending",
                axis=alt.Axis(labelOverlap=False)))
    cells = base.mark_rect().encode(color=alt.Color(f"{value}:Q", scale=scale,
                                                    legend=alt.Legend(format=fmt),
                                                    title=value.replace("_", " ")),
                                    tooltip=tips)
    text = base.mark_text(fontSize=12).encode(
        text=alt.Text(f"{value}:Q", format=fmt), tooltip=tips,
        color=alt.value("#111"))
    return alt.layer(cells, text).properties(title=title, height=height)


def bars(frame: pl.DataFrame, x: str, y: str, color: str | None = None, title: str = "",
         fmt: str | None = None, horizontal: bool = False, tooltip: tuple[str, ...] = (),
         sort: str | list[str] | None = None, group: bool = True, height: int | None = None
         ) -> alt.Chart:
    """Plain bars; ``color`` groups them side by side (``group``) or only colours them.
    Horizontal bars get a row of height per category, so every label shows."""
    dims = [x] + ([color] if color else [])
    data = as_text(frame, dims)
    cat: alt.X | alt.Y = alt.X(f"{x}:N", title=x.replace("_", " "), sort=sort,
                axis=alt.Axis(labelOverlap=False))
    axis = alt.Axis(format=fmt) if fmt else alt.Axis()
    val: alt.X | alt.Y = alt.Y(f"{y}:Q", title=y.replace("_", " "), axis=axis)
    if horizontal:
        cat = alt.Y(f"{x}:N", title=x.replace("_", " "), sort=sort,
                    axis=alt.Axis(labelOverlap=False))
        val = alt.X(f"{y}:Q", title=y.replace("_", " "), axis=axis)
    enc: dict[str, Any] = {"tooltip": _tooltip(data, dims + [y, *tooltip])}
    if color:
        enc["color"] = alt.Color(f"{color}:N", title=color.replace("_", " "))
        if group and not horizontal:
            enc["xOffset"] = alt.XOffset(f"{color}:N")
        elif group:
            enc["yOffset"] = alt.YOffset(f"{color}:N")
    if height is None:
        cats = data[x].n_unique() if data.height else 1
        per = (cats * (data[color].n_unique() if color and group else 1)) if horizontal else 0
        height = max(160, 24 * per + 80) if horizontal else 300
    return alt.Chart(data).mark_bar().encode(cat, val, **enc).properties(title=title,
                                                                         height=height)


def trend_lines(frame: pl.DataFrame, x: str, y: str, color: str | None = None, title: str = "",
                fmt: str | None = None, low: str | None = None, high: str | None = None,
                tooltip: tuple[str, ...] = (), height: int = 260
                ) -> alt.Chart | alt.LayerChart | alt.FacetChart:
    """A line over time (``x`` temporal), with an interval band when ``low``/``high``."""
    data = frame
    if color:
        data = as_text(frame, [color])
    enc: dict[str, Any] = {"x": alt.X(f"{x}:T", title=None)}  # channel -> its encoding
    if color:
        enc["color"] = alt.Color(f"{color}:N", title=color.replace("_", " "))
    tips = _tooltip(data, [x] + ([color] if color else []) + [y, *(c for c in (low, high) if c),
                                                             *tooltip])
    axis = alt.Axis(format=fmt) if fmt else alt.Axis()
    line = alt.Chart(data).mark_line(point=True).encode(
        y=alt.Y(f"{y}:Q", title=y.replace("_", " "), axis=axis), tooltip=tips, **enc)
    if low and high and low in data.columns and high in data.columns:
        band = alt.Chart(data).mark_area(opacity=0.2).encode(
            y=alt.Y(f"{low}:Q", axis=axis, title=y.replace("_", " ")),
            y2=alt.Y2(f"{high}:Q"), **enc)
        return alt.layer(band, line).properties(title=title, height=height)
    return line.properties(title=title, height=height)
