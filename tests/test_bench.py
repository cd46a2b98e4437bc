"""``trainrun bench``: every answer checked against what the line records, the report's
table counting what the rows say, its plots real images."""
import json
import struct
from pathlib import Path

import pytest
from click.testing import CliRunner
from corpus_checks import corpus_lines

from trainrun.bench.corpus import bench_record
from trainrun.bench.report import PLOTS, markdown, slower_than_router, summary_rows
from trainrun.cli.main import main

pytest.importorskip("matplotlib")

EXAMPLES = Path(__file__).parent.parent / "examples"


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    return struct.unpack(">II", data[16:24])


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bench")
    sample = corpus_lines("18Chesapeake")[:4] + corpus_lines("1817")[-3:]
    inputs = folder / "in.jsonl"
    inputs.write_text("".join(json.dumps(d) + "\n" for d in sample))
    result = CliRunner().invoke(main, ["bench", str(inputs), "--strategy", "auto",
                                       "--strategy", "cpsat", "--report", str(folder / "r"),
                                       "--no-progress"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(x) for x in (folder / "r" / "results.jsonl").read_text().splitlines()]
    return sample, rows, folder / "r"


def test_each_solve_is_checked_and_equals_the_recorded_optimum(report):
    sample, rows, _ = report
    assert len(rows) == 2 * len(sample)
    for row, line in zip(rows, sample + sample):
        assert row["legal"] and row["failures"] == []
        assert row["total"] == line["exact_oracle"]["total"]
        assert row["declared"] == line["declared"]["total"]


def test_the_table_counts_the_rows(report):
    sample, rows, folder = report
    text = (folder / "report.md").read_text()
    for strategy in ("auto", "cpsat"):
        assert f"## Strategy `{strategy}`" in text
    table = [ln.split("|")[1:-1] for ln in text.splitlines()
             if ln.startswith("| 18Chesapeake") or ln.startswith("| 1817")]
    assert [(c[0].strip(), int(c[1]), int(c[3]), int(c[4])) for c in table] == [
        ("1817", 3, 3, 3), ("18Chesapeake", 4, 4, 4), ("1817", 3, 3, 3), ("18Chesapeake", 4, 4, 4)]
    assert "None." in text.split("## Failures")[1]


def test_the_plots_are_images_with_something_drawn(report):
    import matplotlib.image
    *_, folder = report
    for name in PLOTS:
        width, height = _png_size(folder / name)
        assert width >= 400 and height >= 300
        pixels = matplotlib.image.imread(folder / name)
        assert pixels[..., :3].std() > 0.05, f"{name} is blank"


def test_a_total_below_the_recorded_optimum_is_a_failure():
    line = dict(corpus_lines("18Chesapeake")[0])
    line["exact_oracle"] = {**line["exact_oracle"], "total": line["exact_oracle"]["total"] + 10}
    row = bench_record(json.dumps(line))
    assert row["failures"] == [f"below the exhaustive optimum {line['exact_oracle']['total']}"]
    assert summary_rows([{**row, "line": 1}])[0]["not_below_reference"] == 0


def test_the_report_lists_where_the_auto_router_was_faster():
    # compared only where the auto-router's recorded time is 0.2 ms or more (issue 27)
    def row(n, seconds, router):
        return {"id": f"g#{n}", "line": n, "strategy": "auto", "status": "optimal",
                "title": "1830", "seconds": seconds, "reference_seconds": router,
                "failures": [], "legal": True, "oracle": None, "total": 10, "bound": 10,
                "routes_enumerated": 3, "declared": None}
    rows = [row(1, 0.002, 0.001), row(2, 0.004, 0.001), row(3, 0.001, 0.002),
            row(4, 0.001, 0.0001), row(5, 0.001, None)]
    assert [r["id"] for r in slower_than_router(rows)] == ["g#2", "g#1"]
    text = markdown(rows).split("## Where trainrun took longer")[1].split("##")[0]
    assert "2 of the 3 solves" in text
    assert "- g#2 (auto): auto-router 1.0 ms, trainrun 4.0 ms" in text


def test_strategies_agree_on_a_two_train_board():
    line = json.dumps(max(corpus_lines("1817"), key=lambda d: len(d["trains"])))
    totals = {s: bench_record(line, s)["total"] for s in ("auto", "bnb", "cpsat", "path")}
    assert len(set(totals.values())) == 1, totals


def test_a_game_file_is_benched_run_by_run(tmp_path):
    game = Path(__file__).parent / "data" / "fixtures" / "18NY" / "108746.json"
    result = CliRunner().invoke(main, ["bench", str(game), "--no-progress"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(x) for x in result.output.splitlines()]
    recorded = {d["action"]: d["exact_oracle"]["total"] for d in corpus_lines("18NY")}
    assert {int(r["id"].split("#")[1]): r["total"] for r in rows} == recorded


def test_an_unknown_or_unfit_strategy_is_one_line_naming_it():
    from trainrun import read_position, solve
    from trainrun.errors import InputError
    position = read_position((EXAMPLES / "18ny-12h-and-d.json").read_text())
    with pytest.raises(InputError, match="strategy: unknown strategy 'fast'"):
        solve(position, strategy="fast")
    with pytest.raises(InputError, match="strategy: bnb does not apply to this position: the "
                                         "branch and bound needs every route listed"):
        solve(position, strategy="bnb", route_budget=10)


def test_bad_lines_are_rows_naming_the_fault_and_the_bench_goes_on(tmp_path):
    good = json.dumps(corpus_lines("18Chesapeake")[0])
    inputs = tmp_path / "in.jsonl"
    inputs.write_bytes(b"\n".join([good.encode(), b'{"title": NaN}', b"[" * 100 + b"]" * 100,
                                   b"\xff", good.encode()]) + b"\n")
    result = CliRunner().invoke(main, ["bench", str(inputs), "--no-progress"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(x) for x in result.output.splitlines()]
    assert [r["status"] for r in rows] == ["optimal", "error", "error", "error", "optimal"]
    assert "NaN is not a JSON number" in rows[1]["error"]
    assert "nested deeper" in rows[2]["error"]
    assert "not UTF-8 text" in rows[3]["error"]


def test_a_report_folder_that_cannot_be_made_is_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    inputs = tmp_path / "in.jsonl"
    inputs.write_text(json.dumps(corpus_lines("18Chesapeake")[0]) + "\n")
    result = CliRunner().invoke(main, ["bench", str(inputs), "--no-progress",
                                       "--report", str(blocker / "r")])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.output.strip().splitlines()[-1].startswith("trainrun: error: --report: ")
