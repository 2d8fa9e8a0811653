"""Import: upload .bgn/.bgn.gz files, read their validation report, add them to the dataset."""

from __future__ import annotations

import polars as pl
import streamlit as st

from dashboard import common, importer

data = common.Data()
common.header("Import", "Upload BGN records (.bgn or .bgn.gz). Each file is validated as "
              "`belot validate` would; accepted files are added to the dataset with the same "
              "ingest as `belot ingest` (a game already in the dataset is skipped).")

limit = importer.limit_mb()
nonce = st.session_state.setdefault("imp_nonce", 0)


@st.cache_data(max_entries=16, show_spinner="Validating…")
def _check(name: str, payload: bytes, limit_bytes: int) -> importer.UploadCheck:
    return importer.check_upload(name, payload, limit_bytes)


done = st.session_state.pop("imp_done", None)
if done:
    st.success(done, icon=":material/task_alt:")

uploads = st.file_uploader(
    f"BGN files (at most {limit} MB each)", type=["bgn", "gz"], accept_multiple_files=True,
    max_upload_size=limit, key=f"imp_files_{nonce}",
    help="A .gz file must be a gzip-compressed .bgn (name.bgn.gz).") or []

checks: list[tuple[importer.UploadCheck, bytes]] = []
for up in uploads:
    payload = up.getvalue()
    checks.append((_check(up.name, payload, limit << 20), payload))

if not checks:
    st.caption("Nothing uploaded yet.")
    st.stop()

accepted = [(c, p) for c, p in checks if c.accepted]
rejected = [c for c, _ in checks if not c.accepted]
m1, m2, m3, m4 = st.columns(4)
m1.metric("Files accepted", len(accepted))
m2.metric("Files rejected", len(rejected))
m3.metric("Games", sum(c.games for c, _ in accepted))
m4.metric("Findings", sum(len(c.findings) for c, _ in accepted))

for c in rejected:
    st.error(f"**{c.name}** is rejected: {c.reason}", icon=":material/block:")

for c, _ in accepted:
    with st.container(border=True):
        head = f"**{c.name}** · {c.games} game(s), {c.deals} deal(s)"
        if c.findings:
            st.warning(f"{head} · {len(c.findings)} finding(s)", icon=":material/rule:")
        else:
            st.success(f"{head} · clean", icon=":material/check_circle:")
        if c.unreadable:
            st.caption(f"{c.unreadable} record(s) cannot be replayed; the ingest keeps them "
                       f"in the rejects table.")
        if c.findings:
            codes = pl.DataFrame({"code": list(c.codes), "findings": list(c.codes.values())})
            left, right = st.columns([1, 2])
            left.bar_chart(codes, x="code", y="findings", horizontal=True, height=220)
            right.dataframe(pl.DataFrame(c.findings).select(
                "game", "deal", "trick", "seat", "code", "line", "col", "message"),
                hide_index=True, key=f"imp_table_{c.sha256[:12]}")
            with st.expander("Report as `belot validate` prints it"):
                st.code("\n".join(f["report"] for f in c.findings), language=None)

if not common.need_dataset(data) and not accepted:
    st.stop()

if st.button(f"Add {len(accepted)} file(s) to the dataset", type="primary", key="imp_add",
             disabled=not accepted):
    try:
        with st.spinner("Ingesting…"):
            s = importer.add_to_dataset(data.path, [(c.name, p) for c, p in accepted])
    except Exception as exc:  # noqa: BLE001 - shown to the user (e.g. a running ingest)
        st.error(f"The ingest failed: {exc}")
    else:
        common.clear_caches()
        st.session_state["imp_nonce"] = nonce + 1
        st.session_state["imp_done"] = (
            f"Added {s.games} game(s) and {s.deals} deal(s) with {s.violations} violation(s); "
            f"{s.rejects} record(s) kept as rejects; {s.skipped} already in the dataset.")
        st.rerun()
